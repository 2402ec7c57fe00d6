python a.py
python b.py; if then
python c.py
