python3 plus_o.py
