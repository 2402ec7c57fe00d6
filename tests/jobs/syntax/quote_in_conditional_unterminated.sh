echo a
[[ "abc ]]
