cat <<-EOF
	python x.py
	EOF
export GE_USE_STATIC_MEMORY=$(cat <<EOF
1
EOF
)
