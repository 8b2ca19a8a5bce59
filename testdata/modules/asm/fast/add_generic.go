//go:build purego || !amd64

// Package fast adds, in assembly on amd64 and in Go under the purego tag.
package fast

// Add returns a+b.
func Add(a, b int) int { return a + b }
