echo $'tab\tnl\ncr\rq\'d\"b\\a\ae\eo\z' $"trans $HOME" "a\$b\`c\"d\\e\f" "$@ $* $# $? $$ $! $- $1" "${x}$(y)`z`"
diff <(sort a) >(cat) `echo \`nested\``
x=$(echo ')' "(" 'a)b' \) $(echo $((1+(2)))) ); y=$((i+1)); z=${a:-$(b)}; w="${p//\}/x}"
cat <<-EOF2
	tabbed $(not run)
	EOF2
cat << 'Q'
$(not run either)
Q
echo a\
b \
  c # comment \
echo d;#comment
