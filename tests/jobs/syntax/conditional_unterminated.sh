[[ -n $x 
python a.py
