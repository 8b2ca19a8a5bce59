package main

import (
	"bytes"
	"fmt"
)

func main() {
	a := []byte("Hello, Bytes")
	fmt.Println(bytes.Contains(a, []byte("Byt")), bytes.HasPrefix(a, []byte("He")), bytes.Index(a, []byte("B")))
	fmt.Println(bytes.Equal([]byte("x"), []byte("x")), bytes.Equal(nil, []byte{}), bytes.Compare([]byte("a"), []byte("b")))
	fmt.Printf("%s\n", bytes.ToUpper(a))
	fmt.Printf("%q\n", bytes.Split([]byte("1 2 3"), []byte(" ")))
	fmt.Printf("%q\n", bytes.Fields([]byte("  a  b ")))
	fmt.Printf("%s\n", bytes.Join([][]byte{[]byte("x"), []byte("y")}, []byte("+")))
	fmt.Printf("%s\n", bytes.TrimSpace([]byte("\t pad \n")))
	fmt.Printf("%s\n", bytes.ReplaceAll([]byte("aaa"), []byte("a"), []byte("bb")))
	fmt.Printf("%s\n", bytes.Repeat([]byte("-="), 3))
	fmt.Println(bytes.Count([]byte("cheese"), []byte("e")), bytes.IndexByte(a, ','))
	before, after, ok := bytes.Cut([]byte("k:v"), []byte(":"))
	fmt.Printf("%s %s %v\n", before, after, ok)

	var buf bytes.Buffer
	buf.WriteString("abc")
	buf.WriteByte('-')
	buf.Write([]byte{'d', 'e'})
	buf.WriteRune('✓')
	fmt.Fprintf(&buf, "[%03d]", 7)
	fmt.Println(buf.String(), buf.Len())

	p := make([]byte, 2)
	n, err := buf.Read(p)
	fmt.Println(n, err, string(p), buf.String())
	c, _ := buf.ReadByte()
	fmt.Println(string(c), buf.Len())
	line, err := buf.ReadString(']')
	fmt.Printf("%q %v\n", line, err)
	rest, err := buf.ReadString('!')
	fmt.Printf("%q %v\n", rest, err)
	buf.Reset()
	fmt.Println(buf.Len(), buf.String() == "")

	nb := bytes.NewBufferString("line1\nline2\n")
	for {
		l, err := nb.ReadBytes('\n')
		if err != nil {
			break
		}
		fmt.Printf("%q\n", l)
	}

	// Modifying a slice returned by a buffer.
	b2 := bytes.NewBuffer([]byte("xyz"))
	bs := b2.Bytes()
	bs[0] = 'X'
	fmt.Println(b2.String())
	fmt.Println(bytes.EqualFold([]byte("GoLang"), []byte("golang")))
	fmt.Printf("%s\n", bytes.Map(func(r rune) rune { return r + 1 }, []byte("HAL")))
	fmt.Printf("%s|%s\n", bytes.TrimPrefix([]byte("foo.bar"), []byte("foo.")), bytes.TrimRight([]byte("x!!!"), "!"))
}

// Output:
// true true 7
// true true -1
// HELLO, BYTES
// ["1" "2" "3"]
// ["a" "b"]
// x+y
// pad
// bbbbbb
// -=-=-=
// 3 5
// k v true
// abc-de✓[007] 14
// 2 <nil> ab c-de✓[007]
// c 11
// "-de✓[007]" <nil>
// "" EOF
// 0 true
// "line1\n"
// "line2\n"
// Xyz
// true
// IBM
// bar|x
