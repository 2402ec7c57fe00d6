cat <<-E

	E
