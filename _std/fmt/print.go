// Package fmt is spindle's guest fmt package.
package fmt

// Println formats its operands like Go's fmt.Println and writes to
// standard output.
func Println(a ...any) (n int, err error)
