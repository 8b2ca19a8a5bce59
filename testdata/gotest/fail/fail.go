// Package fail has tests that fail in the ways go test reports.
package fail

// Double is wrong on purpose.
func Double(x int) int { return x + 2 }
