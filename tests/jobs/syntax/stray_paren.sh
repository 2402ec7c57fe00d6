case x in
  a) echo a
esac )
