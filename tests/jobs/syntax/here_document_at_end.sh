cat <<EOF
python a.py