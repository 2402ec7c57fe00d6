diff <(sort a) >(cat) x<(y)
python a.py
