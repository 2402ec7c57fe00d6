f( echo
