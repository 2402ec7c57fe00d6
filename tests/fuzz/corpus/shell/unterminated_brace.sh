python a.py
z=${never
