package b

import "example.com/cycle/a"

// G calls back into a.
func G() { a.F() }
