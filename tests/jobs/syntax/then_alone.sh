echo; then
