((i++
python a.py
