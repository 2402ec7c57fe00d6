>out python a.py
2>err
<in cat
