export GE_USE_STATIC_MEMORY=1
for i in 1 2; do
  python t.py
done
echo "unclosed
