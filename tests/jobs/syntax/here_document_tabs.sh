cat <<-EOF
		python a.py
	EOF
python b.py
