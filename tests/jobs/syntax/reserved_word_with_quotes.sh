# A reserved word with quotes glued to it is a plain word: "then""" is no then.
if true; then"" echo a; fi
