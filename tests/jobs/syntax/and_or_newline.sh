a &&
 b ||
 c
