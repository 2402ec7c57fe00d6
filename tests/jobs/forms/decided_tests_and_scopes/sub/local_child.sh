local GE_USE_STATIC_MEMORY=3
python3 q.py
