( echo a
