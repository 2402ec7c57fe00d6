f ( x
