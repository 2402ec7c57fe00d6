until false; do break; done
