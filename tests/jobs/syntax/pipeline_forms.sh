! a | b |& c
time a
a |
 b
