x=$(echo 'a)
python a.py
