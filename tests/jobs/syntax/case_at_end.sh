case x in a) echo
