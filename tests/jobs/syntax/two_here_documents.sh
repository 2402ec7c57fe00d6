cat <<A <<-B
a
A
	b
	B
python c.py
