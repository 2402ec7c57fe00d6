python3 other.py
