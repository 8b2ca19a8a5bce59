// unsafe.Slice, unsafe.String, unsafe.SliceData, unsafe.StringData and
// unsafe.Add over slices and arrays of bytes, words and other values:
// views share the storage, Add moves within the array both ways, nil and
// out-of-range lengths panic with Go's runtime errors.
package main

import (
	"fmt"
	"unsafe"
)

type pair struct{ A, B string }

func bytesToString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func stringToBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func try(name string, f func()) {
	defer func() { fmt.Println(name, "->", recover()) }()
	f()
}

func main() {
	hello := [5]byte{'m', 'o', 's', 'h', 'i'}
	fmt.Println(unsafe.String(&hello[0], uint64(len(hello))), unsafe.String(&hello[1], 3))
	b := []byte("hello, world")
	fmt.Println(bytesToString(b), bytesToString(b[7:]), bytesToString(nil) == "")
	fmt.Println(string(stringToBytes("abc")), len(stringToBytes("")))

	// Views share the storage.
	w := []int{1, 2, 3, 4}
	ws := unsafe.Slice(&w[1], 3)
	ws[0] = 20
	fmt.Println(w, ws, len(ws), cap(ws))
	f := [3]float64{1.5, 2.5, 3.5}
	fs := unsafe.Slice(&f[0], len(f))
	fs[2] = 9
	fmt.Println(f, &fs[0] == &f[0])
	strs := []string{"a", "b", "c"}
	ss := unsafe.Slice(unsafe.SliceData(strs), len(strs))
	ss[1] = "B"
	fmt.Println(strs, unsafe.SliceData(strs) == &strs[0])
	ps := []pair{{"x", "y"}, {"z", "w"}}
	pv := unsafe.Slice(&ps[0], 2)
	pv[1].A = "Z"
	fmt.Println(ps)
	bs := unsafe.Slice(unsafe.SliceData(b[:3]), cap(b))
	fmt.Println(len(bs), string(bs[7:]))

	// unsafe.Add, forward and back, within bytes and words.
	var p [10]byte
	p1 := unsafe.Pointer(&p[1])
	fmt.Println(unsafe.Add(p1, 1) == unsafe.Pointer(&p[2]), unsafe.Add(p1, -1) == unsafe.Pointer(&p[0]))
	*(*byte)(unsafe.Add(p1, 4)) = 7
	fmt.Println(p)
	q := unsafe.Add(unsafe.Pointer(&w[0]), 2*unsafe.Sizeof(w[0]))
	fmt.Println(*(*int)(q), unsafe.Slice((*int)(q), 2))

	// Steps of 4-byte elements, arrays through &arr, and roots that are
	// loop-carried (a phi).
	i32 := []int32{10, 20, 30, 40}
	fmt.Println(*(*int32)(unsafe.Add(unsafe.Pointer(&i32[0]), 8)), *(*int32)(unsafe.Add(unsafe.Pointer(&i32[3]), -4)))
	arr := [4]int{1, 2, 3, 4}
	fmt.Println(unsafe.Slice((*int)(unsafe.Pointer(&arr)), 3))
	cur := []byte("ab")
	for k := 0; k < 2; k++ {
		p := &cur[0]
		next := []byte("longer bytes")
		fmt.Println(string(unsafe.Slice(p, len(cur))))
		cur = next
	}
	str := "x"
	for k := 0; k < 2; k++ {
		p := unsafe.StringData(str)
		next := string(make([]byte, 64))
		fmt.Println(len(unsafe.String(p, len(str))))
		str = next
	}

	// nil and empty.
	fmt.Println(unsafe.Slice((*int)(nil), 0) == nil, unsafe.String(nil, 0) == "")
	fmt.Println(unsafe.SliceData([]int(nil)) == nil, unsafe.SliceData([]int{}) != nil)
	fmt.Println(len(unsafe.Slice(&b[0], 0)), unsafe.Slice(&b[0], 0) != nil)

	// Go's run-time errors.
	var neg = -1
	var tooBig uint64 = 1 << 63
	try("Slice nil", func() { _ = unsafe.Slice((*int)(nil), 1) })
	try("Slice negative", func() { _ = unsafe.Slice(&b[0], neg) })
	try("Slice too big", func() { _ = unsafe.Slice(&b[0], tooBig) })
	try("String nil", func() { _ = unsafe.String(nil, 1) })
	try("String negative", func() { _ = unsafe.String(&b[0], neg) })
	try("String too big", func() { _ = unsafe.String(&b[0], tooBig) })
}

// Output:
// moshi osh
// hello, world world true
// abc 0
// [1 20 3 4] [20 3 4] 3 3
// [1.5 2.5 9] true
// [a B c] true
// [{x y} {Z w}]
// 12 world
// true true
// [0 0 0 0 0 7 0 0 0 0]
// 3 [3 4]
// 30 30
// [1 2 3]
// ab
// longer bytes
// 1
// 64
// true true
// true true
// 0 true
// Slice nil -> runtime error: unsafe.Slice: ptr is nil and len is not zero
// Slice negative -> runtime error: unsafe.Slice: len out of range
// Slice too big -> runtime error: unsafe.Slice: len out of range
// String nil -> runtime error: unsafe.String: ptr is nil and len is not zero
// String negative -> runtime error: unsafe.String: len out of range
// String too big -> runtime error: unsafe.String: len out of range
