if true; then
 python a.py
elif
fi
