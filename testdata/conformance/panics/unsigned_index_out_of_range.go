// Rule: an out-of-range index of an unsigned type is printed unsigned, as
// gc does ("index out of range [18446744073709551615] with length 3"),
// for slices, arrays through pointers, strings and unsigned types of
// every width; a signed negative index is still printed negative.
package main

import "fmt"

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	s := []int{1, 2, 3}
	a := &[3]int{1, 2, 3}
	str := "abc"
	var u64 uint64 = 1<<64 - 1
	var u uint = 1 << 63
	var up uintptr = 1<<64 - 2
	var u8 uint8 = 255
	var u32 uint32 = 1<<32 - 1
	i := -1
	try("slice uint64", func() { _ = s[u64] })
	try("slice addr uint", func() { p := &s[u]; _ = p })
	try("array pointer uintptr", func() { a[up] = 1 })
	try("string uint64", func() { _ = str[u64] })
	try("slice uint8", func() { _ = s[u8] })
	try("slice uint32", func() { _ = s[u32] })
	try("slice int", func() { _ = s[i] })
	try("in range", func() { fmt.Println(s[uint(2)], str[uint64(1)]) })
}

// Output:
// slice uint64: runtime error: index out of range [18446744073709551615] with length 3
// slice addr uint: runtime error: index out of range [9223372036854775808] with length 3
// array pointer uintptr: runtime error: index out of range [18446744073709551614] with length 3
// string uint64: runtime error: index out of range [18446744073709551615] with length 3
// slice uint8: runtime error: index out of range [255] with length 3
// slice uint32: runtime error: index out of range [4294967295] with length 3
// slice int: runtime error: index out of range [-1]
// 3 98
// in range: <nil>
