//go:build !purego

package fast

// Add returns a+b (in assembly).
func Add(a, b int) int
