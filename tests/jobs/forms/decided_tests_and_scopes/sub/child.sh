. ./child_env.sh
python3 h.py
