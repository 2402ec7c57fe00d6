python3 dashes.py
