python a.py 2>&1 1>x 2 >y 3<&0 <>z &>w &>>v >|u 10>t
