f() { export GE_USE_STATIC_MEMORY=1; g; return 3; }
function g { unset GE_USE_STATIC_MEMORY; }
f; f
return 1
while read -r line; do export GE_USE_STATIC_MEMORY=$line; break; done < list.txt
until false; do python a.py; exit 2; done
select x in a b; do python b.py; done
case "$mode" in
  (static) export GE_USE_STATIC_MEMORY=2 ;&
  dyn*|"x y") GE_USE_STATIC_MEMORY=3 ;;&
  *) ;;
esac
if [ "a" != "b" ]; then python c.py; elif test a = a; then python d.py; else python e.py; fi
if [ x = x ]; then python f.py; fi
if [[ $q == a ]]; then :; elif [[ lit == lit ]]; then python g.py; fi
if [ a b c d ]; then :; fi; if [ $u = x ]; then :; fi; if [ a -eq b ]; then :; fi
! python h.py | tee log |& cat
{ python i.py; } & ( python j.py ) &
a && b || c; python k.py &>> log; python l.py <> f; python m.py >| f; python n.py <&0; cat <<< "$x"
