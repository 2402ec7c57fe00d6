python3 init_file.py
