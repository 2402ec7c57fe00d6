#!/bin/bash
# Builtins that set a variable, and arrays, which bash never exports.
read GE_USE_STATIC_MEMORY <<< 1
export GE_USE_STATIC_MEMORY
python3 train.py  # known only when the job runs
printf -v GE_USE_STATIC_MEMORY %s 2
python3 train.py  # known only when the job runs
let GE_USE_STATIC_MEMORY=1+2 "x == 1"
python3 train.py  # known only when the job runs
read -r -p "policy? " -a GE_USE_STATIC_MEMORY <<< "3 4"
python3 train.py
unset GE_USE_STATIC_MEMORY
export GE_USE_STATIC_MEMORY=1
GE_USE_STATIC_MEMORY[0]=0
python3 train.py
export GE_USE_STATIC_MEMORY=2
python3 train.py
unset GE_USE_STATIC_MEMORY
GE_USE_STATIC_MEMORY=(4)
export GE_USE_STATIC_MEMORY
python3 train.py
export MS_GE_ATOMIC_CLEAN_POLICY=1
mapfile -t MS_GE_ATOMIC_CLEAN_POLICY < /dev/null
python3 train.py
unset MS_GE_ATOMIC_CLEAN_POLICY GE_USE_STATIC_MEMORY
declare -x GE_USE_STATIC_MEMORY
printf -vGE_USE_STATIC_MEMORY %s 3
python3 train.py  # known only when the job runs
unset MS_GE_ATOMIC_CLEAN_POLICY
export MS_GE_ATOMIC_CLEAN_POLICY=1
readarray -t MS_GE_ATOMIC_CLEAN_POLICY < /dev/null
python3 train.py  # known only when the job runs
export GE_USE_STATIC_MEMORY=1
export -n GE_USE_STATIC_MEMORY=2
python3 train.py
export GE_USE_STATIC_MEMORY
declare +x GE_USE_STATIC_MEMORY
python3 train.py
typeset +x GE_USE_STATIC_MEMORY=3
python3 train.py
export GE_USE_STATIC_MEMORY=2
export GE_USE_STATIC_MEMORY[1]=1
readonly GE_USE_STATIC_MEMORY[0]=1
python3 train.py
declare -t +x GE_USE_STATIC_MEMORY
python3 train.py
export GE_USE_STATIC_MEMORY
declare GE_USE_STATIC_MEMORY[0]=1
python3 train.py
export -- GE_USE_STATIC_MEMORY=1
python3 train.py
declare -n GE_USE_STATIC_MEMORY
python3 train.py
