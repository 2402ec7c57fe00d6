cat <(echo x
echo a

echo b
