& echo
