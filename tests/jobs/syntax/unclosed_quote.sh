python a.py
echo "unclosed
python b.py
