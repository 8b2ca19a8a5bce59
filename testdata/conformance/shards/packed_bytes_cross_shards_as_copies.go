// spindle-only
// shards: 1 2

// Packed storage crossing shards is copied once: two views of one []byte
// and a pointer to one of its elements still share the copied array, a
// [4]byte field is copied with its struct, and the sender never sees the
// receiver's writes.
package main

import (
	"fiber"
	"fmt"
)

type msg struct {
	Whole, Tail []byte
	Elem        *byte
	Tag         [4]byte
	Flags       []bool
}

func touch(m msg) string {
	*m.Elem = 'X' // b[2]: seen through both views
	m.Tail[0] = 'Y'
	m.Tag[0] = 'T'
	m.Flags[0] = !m.Flags[0]
	return fmt.Sprintf("%s %s %s %v %d", m.Whole, m.Tail, m.Tag[:], m.Flags, cap(m.Tail))
}

func main() {
	b := []byte("abcdef")
	m := msg{Whole: b, Tail: b[3:5], Elem: &b[2], Tag: [4]byte{'t', 'a', 'g', '!'}, Flags: []bool{false, true}}
	got, err := fiber.SpawnOn(1, touch, m).Join()
	fmt.Println(got, err)
	fmt.Println(string(b), string(m.Tag[:]), m.Flags)
}

// Output:
// abXYef Ye Tag! [true true] 3 <nil>
// abcdef tag! [false true]
