cat <<'E O'
$(
E O
python b.py
