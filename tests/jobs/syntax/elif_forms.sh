if a; then b; elif c; then d; elif e; then f; else g; fi
