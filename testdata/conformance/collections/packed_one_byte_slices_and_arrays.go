// Slices and arrays of one-byte elements ([]byte, [N]int8, []bool) are
// stored packed: element pointers, int8 sign extension, clear, copy,
// append capacities, conversions, struct fields of array type, map keys,
// scanning into elements and errors.As through an element pointer all
// behave as in Go.
package main

import (
	"errors"
	"fmt"
)

type S struct {
	A [4]byte
	N int
}

type Code byte

func (c Code) Error() string { return fmt.Sprint("code ", byte(c)) }

func inc[T ~int8 | ~uint8](p *T) { *p++ }

var sink []byte

func main() {
	b := make([]byte, 3, 10)
	b[0], b[1] = 'a', 'b'
	b = append(b, "xyz"...)
	b = append(b, 'q')
	p := &b[1]
	*p = 'B'
	fmt.Printf("%q %d %d\n", b, len(b), cap(b))

	var a [4]int8
	a[0] = -5
	q := &a[1]
	*q = -7
	inc(q)
	var e any = &a[2]
	*e.(*int8) = -128
	fmt.Println(a, a[0]+a[1], a[2]-1)

	s := S{N: 3}
	s.A[2] = 9
	t := s
	t.A[2] = 10
	fmt.Println(s.A, t.A, s == t)
	m := map[[4]byte]int{s.A: 1, t.A: 2}
	fmt.Println(len(m), m[[4]byte{0, 0, 9, 0}])

	bs := []bool{true, false}
	bs = append(bs, !bs[1])
	fmt.Println(bs, len(bs))

	c := make([]byte, 2)
	fmt.Println(copy(c, "hello"), string(c))
	o := []byte("abcdef")
	copy(o[1:], o)
	fmt.Println(string(o))

	arr := [3]byte{1, 2, 3}
	sl := arr[:]
	sl[0] = 100
	fmt.Println(arr, (*[2]byte)(b)[1])

	g := make([]byte, 0, 5)
	g = append(g, "123456"...)
	h := append([]byte(nil), make([]byte, 33)...)
	sink = append(sink, g...)
	fmt.Println(cap(g), cap(h), cap(sink))
	fmt.Println(cap([]byte("hello")), []byte("") == nil, b[:0] == nil)

	z := []byte("hello")
	clear(z[1:3])
	i8 := []int8{-1, -2}
	clear(i8)
	f := [3]bool{true, true, true}
	clear(f[:])
	fmt.Println(z, i8, f)

	bb := make([]byte, 2)
	var a2 [2]int8
	var ff [2]bool
	n, err := fmt.Sscan("200 -7 true", &bb[0], &a2[1], &ff[1])
	fmt.Println(n, err, bb, a2, ff)

	var codes [2]Code
	fmt.Println(errors.As(fmt.Errorf("w: %w", Code(7)), &codes[1]), codes[1])

	fmt.Printf("%s %x %q %v %d %#v\n", z[3:], z, z, z, z, z)
	fmt.Printf("%v %#v %v\n", a, a, [2]bool{true})
}

// Output:
// "aB\x00xyzq" 7 10
// [-5 -6 -128 0] -11 127
// [0 0 9 0] [0 0 10 0] false
// 2 1
// [true false true] 3
// 2 he
// aabcde
// [100 2 3] 66
// 16 48 8
// 5 false false
// [104 0 0 108 111] [0 0] [false false false]
// 3 <nil> [200 0] [0 -7] [false true]
// true code 7
// lo 6800006c6f "h\x00\x00lo" [104 0 0 108 111] [104 0 0 108 111] []byte{0x68, 0x0, 0x0, 0x6c, 0x6f}
// [-5 -6 -128 0] [4]int8{-5, -6, -128, 0} [true false]
