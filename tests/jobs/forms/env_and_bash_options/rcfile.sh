python3 rcfile.py
