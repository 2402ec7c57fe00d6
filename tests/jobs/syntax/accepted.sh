devices=(0 1
  2 3)
declare -A card=(
["a"]=1
)
n=$[(8-1)/2]
( export GE_USE_STATIC_MEMORY=1 ) 2>err.log
{ python a.py; } >out.log 2>&1
cat <<EOF | tee x
$(unbalanced (
EOF
f() { :; }
function g { :; }
case $1 in a|b) x=1;; (c) ;; esac
[[ $a == b* && ( $c < d ) ]] && echo y
((i++))
for ((i=0;i<2;i++)); { echo $i; }
select x in a b; do break; done
coproc_like=1
echo $(( (1+2) * 3 )) `echo a\`b\``
