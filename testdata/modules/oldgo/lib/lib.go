// Package lib is checked at its module's go 1.21: a for loop's variable
// is shared by every iteration.
package lib

// Funcs returns closures over the loop variable.
func Funcs() []func() int {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	return fs
}
