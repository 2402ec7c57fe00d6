python a.py
cat <<EOF
no end
