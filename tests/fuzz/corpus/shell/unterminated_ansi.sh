a=$'unterminated
