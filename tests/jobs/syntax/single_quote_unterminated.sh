echo a
echo 'abc
