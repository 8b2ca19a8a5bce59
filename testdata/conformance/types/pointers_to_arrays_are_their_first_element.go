// Pointers to arrays: (*E)(unsafe.Pointer(&arr)) points at the first
// element, and a pointer to an array converted from a slice is the same
// pointer as the array's, compared directly, in interfaces and as map keys.
package main

import (
	"fmt"
	"unsafe"
)

type rec struct{ A, B string }

func main() {
	arr := [4]int{10, 20, 30, 40}
	p := (*int)(unsafe.Pointer(&arr))
	*p = 11
	fmt.Println(*p, arr, p == &arr[0])
	bs := [3]byte{'a', 'b', 'c'}
	fmt.Println(*(*byte)(unsafe.Pointer(&bs)), *(*int8)(unsafe.Pointer(&bs)))
	u := (*uint64)(unsafe.Pointer(&arr))
	fmt.Println(*u)
	rs := [2]rec{{"x", "y"}, {"z", "w"}}
	r := (*rec)(unsafe.Pointer(&rs))
	r.B = "Y"
	fmt.Println(rs)

	s := []int{1, 2, 3, 4, 5}
	a1 := (*[3]int)(s)
	a2 := (*[3]int)(s)
	fmt.Println(a1 == a2, a1 == (*[3]int)(s[1:]), a1 != a2)
	var x, y any = a1, a2
	fmt.Println(x == y)
	m := map[*[3]int]int{a1: 1}
	m[a2]++
	fmt.Println(len(m), m[(*[3]int)(s)])
	b := []byte("hello")
	fmt.Println((*[2]byte)(b) == (*[2]byte)(b), (*[2]byte)(b) == (*[2]byte)(b[1:]))
	var other [3]int
	fmt.Println(a1 == &other, &arr == &arr)
}

// Output:
// 11 [11 20 30 40] true
// 97 97
// 11
// [{x Y} {z w}]
// true false false
// true
// 1 2
// true false
// false true
