a=(1 2
python a.py
