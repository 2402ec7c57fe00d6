export GE_USE_STATIC_MEMORY=1
for i in 0 1; do
  python3 train.py &
done
