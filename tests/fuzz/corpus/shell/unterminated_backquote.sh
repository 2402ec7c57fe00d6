export GE_USE_STATIC_MEMORY=1
python a.py
x=`echo
