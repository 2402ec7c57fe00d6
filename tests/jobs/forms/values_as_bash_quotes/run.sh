#!/bin/bash
# Values as bash makes them: a suffix removed whole, names holding Z and 0,
# escapes in double quotes, a $ before no name (and $$, a name), $0 with text after it, an
# escaped quote in ANSI-C quoting; in double quotes, a backslash before
# another byte, $ before a blank, a name or the end, $$; a word glued to quotes.
q=abc
GE_USE_STATIC_MEMORY=${q%abc}x python3 a.py
Z0=2
GE_USE_STATIC_MEMORY=$Z0 python3 b.py
GE_USE_STATIC_MEMORY="1\$2" python3 c.py
GE_USE_STATIC_MEMORY="1\`2" python3 d.py
GE_USE_STATIC_MEMORY=1$.2 python3 e.py
GE_USE_STATIC_MEMORY=1$:2 python3 i.py
GE_USE_STATIC_MEMORY=$$ python3 j.py
GE_USE_STATIC_MEMORY=$9 python3 k.py
GE_USE_STATIC_MEMORY=$0x python3 f.py
GE_USE_STATIC_MEMORY=$'1\'2' python3 h.py
GE_USE_STATIC_MEMORY="1\2" python3 l.py
GE_USE_STATIC_MEMORY="1$ 2" python3 m.py
GE_USE_STATIC_MEMORY=1'2' python3 n.py
GE_USE_STATIC_MEMORY="$$" python3 o.py
GE_USE_STATIC_MEMORY="1$.2" python3 p.py
GE_USE_STATIC_MEMORY="1$" python3 q.py
declare -r GE_USE_STATIC_MEMORY=3
python3 g.py
