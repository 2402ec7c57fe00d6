python3 dash_x.py
