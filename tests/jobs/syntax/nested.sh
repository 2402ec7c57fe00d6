if a; then for x in 1; do case $x in 1) { ( f() { echo; }; f ) ; } ;; esac; done; fi
