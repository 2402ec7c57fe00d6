echo $"hi $USER" "a\$b" "$@" "${x}" "$(y)" "`z`" "a\
b" "$1" "$-" "x$"