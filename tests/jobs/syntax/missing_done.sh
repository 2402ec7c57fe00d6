for i in 1 2
do
  python t.py
