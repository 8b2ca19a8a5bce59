// Rule: a bufio.Reader's buffer size shows: Size, how much one Read
// returns and how much of the source it consumed, Peek up to the size and
// ErrBufferFull past it, ReadSlice's ErrBufferFull on a line longer than
// the buffer, Read straight into a large slice, UnreadByte before any
// read; and every byte comes out once and in order, however the
// underlying reader splits the stream. (A lazily grown buffer was tried
// in spindle and reverted: the first three differed from Go.)
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// logWriter records the size of every Write it gets (it is no
// io.ReaderFrom).
type logWriter struct{ writes []int }

func (l *logWriter) Write(p []byte) (int, error) {
	l.writes = append(l.writes, len(p))
	return len(p), nil
}

// oneByte reads one byte at a time.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:1]) }

// logReader records the size of every Read it is asked for.
type logReader struct {
	r    io.Reader
	asks []int
}

func (l *logReader) Read(p []byte) (int, error) {
	l.asks = append(l.asks, len(p))
	return l.r.Read(p)
}

func main() {
	text := strings.Repeat("0123456789", 100) + "\n" + strings.Repeat("x", 5000) + "\nshort\n"
	for _, mk := range []func() io.Reader{
		func() io.Reader { return strings.NewReader(text) },
		func() io.Reader { return oneByte{strings.NewReader(text)} },
	} {
		b := bufio.NewReaderSize(mk(), 1024)
		fmt.Println("size", b.Size())
		p, err := b.Peek(1000)
		fmt.Println("peek", len(p), err, string(p[:3]))
		p, err = b.Peek(2000)
		fmt.Println("peek past size", len(p), err)
		line, err := b.ReadSlice('\n')
		fmt.Println("slice", len(line), err)
		var n int
		for {
			line, err = b.ReadSlice('\n')
			n += len(line)
			if err != bufio.ErrBufferFull {
				break
			}
		}
		fmt.Println("long line", n, err)
		s, err := b.ReadString('\n')
		fmt.Printf("%q %v\n", s, err)
		_, err = b.ReadByte()
		fmt.Println("at end", err)
	}

	sr := strings.NewReader(strings.Repeat("abcdefghij", 200))
	br := bufio.NewReader(sr)
	n, err := br.Read(make([]byte, 1000))
	fmt.Println("one Read:", n, err, "buffered", br.Buffered(), "source left", sr.Len())

	var all bytes.Buffer
	r := bufio.NewReader(oneByte{strings.NewReader(text)})
	io.Copy(&all, r)
	fmt.Println("copied", all.Len(), all.String() == text)

	lw := &logWriter{}
	bufio.NewReader(oneByte{strings.NewReader("abc")}).WriteTo(lw)
	fmt.Println("WriteTo's writes", lw.writes)

	lr := &logReader{r: strings.NewReader(strings.Repeat("y", 10000))}
	big := bufio.NewReader(lr)
	buf := make([]byte, 5000)
	k, _ := big.Read(buf) // larger than the buffer: straight through
	fmt.Println("large read", k, "asked", lr.asks)
	fmt.Println("unread after it:", big.UnreadByte())
	y, _ := big.ReadByte()
	fmt.Println("then", string(y), big.Buffered())

	u := bufio.NewReader(strings.NewReader("ab"))
	fmt.Println("unread before reading:", u.UnreadByte())
	c, _ := u.ReadByte()
	u.UnreadByte()
	c2, _ := u.ReadByte()
	fmt.Println(string(c), string(c2))

	var zero bufio.Reader
	zero.Reset(strings.NewReader("reset works\n"))
	line, _ := zero.ReadString('\n')
	fmt.Printf("zero reader: size %d %q\n", zero.Size(), line)

	var sum int
	var words int
	sc := bufio.NewReader(strings.NewReader(strings.Repeat("héllo wörld ", 3000)))
	for {
		r, size, err := sc.ReadRune()
		if err != nil {
			break
		}
		sum += int(r)
		if r == ' ' {
			words++
		}
		_ = size
	}
	fmt.Println("runes sum", sum, "spaces", words)

	var a, b2 int
	var w string
	fs := bufio.NewReader(strings.NewReader("12 34 word\n"))
	fmt.Fscan(fs, &a, &b2, &w)
	fmt.Println("fscan", a, b2, w)
}

// Output:
// size 1024
// peek 1000 <nil> 012
// peek past size 1024 bufio: buffer full
// slice 1001 <nil>
// long line 5001 <nil>
// "short\n" <nil>
// at end EOF
// size 1024
// peek 1000 <nil> 012
// peek past size 1024 bufio: buffer full
// slice 1001 <nil>
// long line 5001 <nil>
// "short\n" <nil>
// at end EOF
// one Read: 1000 <nil> buffered 1000 source left 0
// copied 6008 true
// WriteTo's writes [1 1 1]
// large read 5000 asked [5000]
// unread after it: <nil>
// then y 0
// unread before reading: bufio: invalid use of UnreadByte
// a a
// zero reader: size 4096 "reset works\n"
// runes sum 4245000 spaces 6000
// fscan 12 34 word
