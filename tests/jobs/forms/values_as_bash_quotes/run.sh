#!/bin/bash
# Values as bash makes them: escapes in double quotes, a $ before no name,
# an escaped quote in ANSI-C quoting; in double quotes, a backslash before
# another byte, $ before a blank, a name or the end; a word glued to quotes.
# The engine's variable made by an expansion (a suffix removed, $Z0, $$, $9,
# $0x) is never guessed: those lines say so, and the judge holds the others
# to bash's value (strict).
q=abc
GE_USE_STATIC_MEMORY=${q%abc}x python3 a.py # known only when the job runs
Z0=2
GE_USE_STATIC_MEMORY=$Z0 python3 b.py # known only when the job runs
GE_USE_STATIC_MEMORY="1\$2" python3 c.py
GE_USE_STATIC_MEMORY="1\`2" python3 d.py
GE_USE_STATIC_MEMORY=1$.2 python3 e.py
GE_USE_STATIC_MEMORY=1$:2 python3 i.py
GE_USE_STATIC_MEMORY=$$ python3 j.py # known only when the job runs
GE_USE_STATIC_MEMORY=$9 python3 k.py # known only when the job runs
GE_USE_STATIC_MEMORY=$0x python3 f.py # known only when the job runs
GE_USE_STATIC_MEMORY=$'1\'2' python3 h.py
GE_USE_STATIC_MEMORY="1\2" python3 l.py
GE_USE_STATIC_MEMORY="1$ 2" python3 m.py
GE_USE_STATIC_MEMORY=1'2' python3 n.py
GE_USE_STATIC_MEMORY="$$" python3 o.py # known only when the job runs
GE_USE_STATIC_MEMORY="1$.2" python3 p.py
GE_USE_STATIC_MEMORY="1$" python3 q.py
declare -r GE_USE_STATIC_MEMORY=3
python3 g.py
