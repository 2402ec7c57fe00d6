python3 minus_o.py
