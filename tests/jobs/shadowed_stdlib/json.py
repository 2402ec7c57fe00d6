# A module of the job named as one of the standard library's: python3 -I never imports it.
raise SystemExit("the job's own json.py was imported")
