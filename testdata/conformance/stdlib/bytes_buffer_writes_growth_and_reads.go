// bytes.Buffer's writes (which spindle runs on the host) interleaved with
// reads, unreads, truncation, resets and growth: contents, lengths,
// capacities after growth, read positions, and UnreadByte's error after a
// write.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

func main() {
	var b bytes.Buffer
	fmt.Println(b.Len(), b.Cap(), b.Bytes() == nil)
	b.Write(nil)
	fmt.Println(b.Len(), b.Cap(), b.Bytes() == nil)
	b.WriteByte('x')
	fmt.Println(b.Len(), b.Cap(), b.String())
	n, err := b.WriteString(strings.Repeat("ab", 40))
	fmt.Println(n, err, b.Len(), b.Cap())
	c, _ := b.ReadByte()
	fmt.Println(string(c), b.UnreadByte(), b.Len())
	b.ReadByte()
	b.WriteByte('!')
	fmt.Println(b.UnreadByte(), b.Len())
	p := make([]byte, b.Len()-1)
	io.ReadFull(&b, p)
	fmt.Println(b.Len(), b.Cap(), b.String())
	b.ReadByte()
	fmt.Println(b.Len(), b.Cap())
	b.WriteString("after empty")
	fmt.Println(b.Len(), b.Cap(), b.String())
	b.Reset()
	for i := 0; i < 300; i++ {
		b.WriteByte(byte('a' + i%26))
		if i%50 == 0 {
			fmt.Println(i, b.Len(), b.Cap())
		}
	}
	b.Next(250)
	b.Write([]byte("tail"))
	fmt.Println(b.Len(), b.Cap(), b.String())
	b.Write(b.Bytes())
	fmt.Println(b.Len(), b.Cap(), b.String())
	b.Truncate(3)
	n, err = b.Write(bytes.Repeat([]byte{'z'}, 1000))
	fmt.Println(n, err, b.Len(), b.Cap(), b.String()[:6])
	b.Grow(5000)
	fmt.Println(b.Len(), b.Cap())
	var g bytes.Buffer
	g.Grow(100)
	g.WriteString("x")
	fmt.Println(g.Len(), g.Cap())
	var nb *bytes.Buffer
	defer func() { fmt.Println("recovered:", recover()) }()
	nb.WriteString("x")
}

// Output:
// 0 0 true
// 0 0 true
// 1 64 x
// 80 <nil> 81 128
// x <nil> 81
// bytes.Buffer: UnreadByte: previous operation was not a successful read 81
// 1 128 !
// 0 128
// 11 128 after empty
// 0 1 128
// 50 51 128
// 100 101 128
// 150 151 256
// 200 201 256
// 250 251 256
// 54 512 qrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmntail
// 108 512 qrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmntailqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmntail
// 1000 <nil> 1003 1280 qrszzz
// 1003 6144
// 1 112
// recovered: runtime error: invalid memory address or nil pointer dereference
