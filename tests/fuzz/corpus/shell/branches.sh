if [ x"$1" = x"static" ]; then export GE_USE_STATIC_MEMORY=2
elif [[ $1 == dyn* ]]; then GE_USE_STATIC_MEMORY=3 python a.py
else unset GE_USE_STATIC_MEMORY; fi
case "$2" in a|b) export MS_GE_ATOMIC_CLEAN_POLICY=1 ;; *) ;; esac
f() { export ASCEND_GE_USE_STATIC_MEMORY=1; return; }
f && ( export GE_USE_STATIC_MEMORY=0 ) | cat
cat <<-EOF2
	export GE_USE_STATIC_MEMORY=4
	EOF2
eval "GE_USE_STATIC_MEMORY=${X:-1} python b.py"
env GE_USE_STATIC_MEMORY=$'2\r' timeout 10 python3.9 -m torch.distributed.run --nproc_per_node=8 c.py
