for x; do echo; done
for x in; do echo; done
for x
do echo; done
for ((;;)); do break; done
for x in a b
do :; done
