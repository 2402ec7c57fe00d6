import os

os.environ["GE_USE_STATIC_MEMORY"] = "4"
