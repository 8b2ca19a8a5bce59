// Package-level arrays of a megabyte and more (their storage made on first
// use): zero until written, written by init and by functions, their
// addresses stable, copied and compared like any array.
package main

import "fmt"

var big [3 << 20]byte

var words [1 << 18]int64

type cell struct {
	a, b int32
	s    string
}

var cells [1 << 16]cell

var untouched [8 << 20]byte

func init() {
	big[5] = 7
	words[len(words)-1] = -1
}

func sum(b *[3 << 20]byte) (n int) {
	for _, c := range b[:16] {
		n += int(c)
	}
	return n
}

func main() {
	p := &big
	big[6] = 8
	fmt.Println(len(big), big[5], p[6], sum(&big), p == &big)
	fmt.Println(words[0], words[len(words)-1], len(words))
	cells[3].s = "three"
	c := cells
	c[3].s = "copy"
	fmt.Println(cells[3].s, c[3].s, cells[4] == cell{}, len(untouched) > 0)
}

// Output:
// 3145728 7 8 15 true
// 0 -1 262144
// three copy true true
