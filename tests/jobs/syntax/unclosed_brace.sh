echo ${x
