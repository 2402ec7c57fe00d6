#!/bin/bash
# Written for the tool: every value is known before the run, and every
# launch is reached (the judge holds it strictly).
MODE=abc
if [[ $MODE == abc ]]; then export GE_USE_STATIC_MEMORY=1; fi
python3 a.py
if test $MODE = abc; then export GE_USE_STATIC_MEMORY=2; fi
python3 b.py
if [ $MODE != abc ]; then export GE_USE_STATIC_MEMORY=3; fi
python3 c.py
# local: the function's own, exported where the variable was; its return
# restores the value before.
f() {
  local GE_USE_STATIC_MEMORY=4
  python3 d.py
}
f
python3 e.py
unset GE_USE_STATIC_MEMORY
declare -x GE_USE_STATIC_MEMORY=5
python3 f.py
# A return from inside a branch the script decides.
g() {
  if [ "$MODE" = abc ]; then
    export GE_USE_STATIC_MEMORY=6
    return
  fi
  export GE_USE_STATIC_MEMORY=7
}
g
python3 g.py
# A child script started from another folder reads paths from there.
cd sub
bash child.sh
cd ..
cat <<-EOF
	python3 x.py
	EOF
python3 i.py
# The engine's variable is never guessed from expansions (the tool says
# so); the path of a sourced file is.
unset GE_USE_STATIC_MEMORY
A=sub/
B=child_env.sh
. ./$A$B
python3 j.py
# Names with Z and 0, and a suffix that is the whole value.
unset GE_USE_STATIC_MEMORY
q=abc
. ./sub/child_env.sh${q%abc}
python3 n.py
unset GE_USE_STATIC_MEMORY
Z0=child_env.sh
. ./sub/$Z0
python3 o.py
GE_USE_STATIC_MEMORY=1$/2 python3 k.py
GE_USE_STATIC_MEMORY=1$%2 python3 l.py
# Outside a function, in a script or in a child script a function starts,
# bash refuses local and sets nothing.
local GE_USE_STATIC_MEMORY=3
python3 p.py
h() {
  bash sub/local_child.sh
}
h
# local without a value keeps the value and the export; a local after a
# child script the function runs; local -x of a variable not set before,
# unset again after the return.
k() {
  local GE_USE_STATIC_MEMORY
  GE_USE_STATIC_MEMORY=3
  python3 r.py
}
k
python3 s.py
m() {
  bash sub/local_child.sh
  local GE_USE_STATIC_MEMORY=2
  python3 t.py
}
m
python3 u.py
unset GE_USE_STATIC_MEMORY
n() {
  local -x GE_USE_STATIC_MEMORY=1
  python3 v.py
}
n
python3 w.py
# local -x of a variable the script never set: gone again after the return.
o() {
  local -x MS_GE_ATOMIC_CLEAN_POLICY=1
  python3 x1.py
}
o
python3 x2.py
