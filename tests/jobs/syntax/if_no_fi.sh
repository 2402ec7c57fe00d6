if a; then b
