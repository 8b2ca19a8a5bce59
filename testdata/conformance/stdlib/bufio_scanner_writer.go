package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

const text = `first line
second line with words

last line without newline`

func main() {
	sc := bufio.NewScanner(strings.NewReader(text))
	lineNo := 0
	for sc.Scan() {
		lineNo++
		fmt.Printf("%d: %q\n", lineNo, sc.Text())
	}
	fmt.Println("err:", sc.Err())

	ws := bufio.NewScanner(strings.NewReader(text))
	ws.Split(bufio.ScanWords)
	words := 0
	var last string
	for ws.Scan() {
		words++
		last = ws.Text()
	}
	fmt.Println("words:", words, "last:", last)

	rs := bufio.NewScanner(strings.NewReader("héy"))
	rs.Split(bufio.ScanRunes)
	for rs.Scan() {
		fmt.Printf("[%s]", rs.Text())
	}
	fmt.Println()

	// Custom split function: comma-separated fields.
	cs := bufio.NewScanner(strings.NewReader("a,bb,,ccc"))
	cs.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		for i, b := range data {
			if b == ',' {
				return i + 1, data[:i], nil
			}
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for cs.Scan() {
		fmt.Printf("%q;", cs.Text())
	}
	fmt.Println("|")

	// bufio.Writer buffers until Flush.
	w := bufio.NewWriterSize(os.Stdout, 64)
	fmt.Fprintf(w, "buffered %d\n", 1)
	w.WriteString("buffered 2\n")
	w.WriteByte('!')
	w.WriteRune('✓')
	w.WriteString("\n")
	fmt.Println("buffered bytes:", w.Buffered(), "available:", w.Available())
	w.Flush()
	fmt.Println("after flush:", w.Buffered())

	// bufio.Reader.
	br := bufio.NewReader(strings.NewReader("key: value\nrest"))
	k, _ := br.ReadString(':')
	fmt.Printf("%q\n", k)
	rn, size, _ := br.ReadRune()
	fmt.Printf("%q %d\n", rn, size)
	line, _, _ := br.ReadLine()
	fmt.Printf("%q\n", line)
	peek, _ := br.Peek(2)
	fmt.Printf("%q\n", peek)
	rest, err := br.ReadString('\n')
	fmt.Printf("%q %v\n", rest, err)
}

// Output:
// 1: "first line"
// 2: "second line with words"
// 3: ""
// 4: "last line without newline"
// err: <nil>
// words: 10 last: newline
// [h][é][y]
// "a";"bb";"";"ccc";|
// buffered bytes: 27 available: 37
// buffered 1
// buffered 2
// !✓
// after flush: 0
// "key:"
// ' ' 1
// "value"
// "re"
// "rest" EOF
