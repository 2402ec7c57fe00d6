function f ( x
