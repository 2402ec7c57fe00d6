if true; then
  echo a
fi
