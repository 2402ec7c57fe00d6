function f ( ) { echo; }
function g() ( echo )
f
