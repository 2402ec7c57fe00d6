a & b & wait
