echo a
echo "$(abc
