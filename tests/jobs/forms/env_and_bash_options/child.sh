python3 child.py
