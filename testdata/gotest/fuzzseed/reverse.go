// Package fuzzseed has a fuzz target whose seed corpus runs as a test.
package fuzzseed

// Reverse reverses the bytes of s.
func Reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
