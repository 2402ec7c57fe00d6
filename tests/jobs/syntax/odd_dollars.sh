echo a$%b $= $+ "$%" ${x:-'a}'} $(echo "a\"b") $() `echo "x`
