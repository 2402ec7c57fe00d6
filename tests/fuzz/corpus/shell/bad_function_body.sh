f() x
