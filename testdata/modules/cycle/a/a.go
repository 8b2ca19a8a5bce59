package a

import "example.com/cycle/b"

// F calls into b, which imports a back.
func F() { b.G() }
