python3 plus_o_posix.py
