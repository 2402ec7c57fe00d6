while; do :; done
