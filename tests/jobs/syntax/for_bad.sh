for x in a b; echo; done
