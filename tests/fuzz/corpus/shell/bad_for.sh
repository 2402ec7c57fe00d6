for
