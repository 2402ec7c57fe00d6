{ echo a;
