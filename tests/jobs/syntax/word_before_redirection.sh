echo a>x b<y 12a>z
