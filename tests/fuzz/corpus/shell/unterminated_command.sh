python a.py
y=$(echo a
