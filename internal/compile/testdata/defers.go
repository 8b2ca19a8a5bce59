package main

// A function with defers gets a recovery block that finishes the deferred
// calls and returns the named results.
func safeDiv(a, b int) (q int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return a / b, true
}

func main() {
	println(safeDiv(6, 3))
	println(safeDiv(1, 0))
}
