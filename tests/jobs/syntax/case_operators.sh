case $x in a) echo;;& b) echo;& (c|d) echo;; esac
