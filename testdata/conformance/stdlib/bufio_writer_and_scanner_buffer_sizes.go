// Rule: a bufio.Writer behaves as if its whole buffer existed from the
// start (Size, Available, when it writes through or flushes), and a
// Scanner returns the same tokens whatever the length of the lines and
// however its reader splits the stream. (Spindle allocates a Writer's
// buffer as it fills and starts a Scanner's buffer smaller than Go.)
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// logWriter records the size of every Write it gets.
type logWriter struct {
	bytes.Buffer
	writes []int
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, len(p))
	return w.Buffer.Write(p)
}

// failAfter accepts n bytes, then fails.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return len(p), nil
	}
	k := f.n
	f.n = 0
	return k, errors.New("full")
}

// oneByte reads one byte at a time.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:1]) }

func main() {
	lw := &logWriter{}
	w := bufio.NewWriterSize(lw, 100)
	fmt.Println("size", w.Size(), "available", w.Available(), "buffered", w.Buffered())
	w.WriteString("hello ")
	w.WriteByte('w')
	w.WriteRune('ö')
	w.Write([]byte("rld"))
	fmt.Println("available", w.Available(), "buffered", w.Buffered(), "writes", lw.writes)
	w.Write(bytes.Repeat([]byte("x"), 150)) // fills, flushes, buffers the rest
	fmt.Println("available", w.Available(), "buffered", w.Buffered(), "writes", lw.writes)
	w.Flush()
	w.Write(bytes.Repeat([]byte("y"), 250)) // empty buffer, large write: straight through
	fmt.Println("available", w.Available(), "buffered", w.Buffered(), "writes", lw.writes)
	for i := 0; i < 120; i++ {
		w.WriteRune('é') // two bytes each: a rune at the end flushes first
	}
	w.Flush()
	fmt.Println("writes", lw.writes, "total", lw.Len())
	ab := w.AvailableBuffer()
	fmt.Println("available buffer cap", cap(ab), "len", len(ab))
	ab = append(ab, "appended"...)
	w.Write(ab)
	fmt.Println("buffered", w.Buffered())
	n, err := w.ReadFrom(strings.NewReader(strings.Repeat("z", 333)))
	fmt.Println("read from", n, err, "buffered", w.Buffered(), "writes", lw.writes)
	w.Flush()

	same := bufio.NewWriterSize(w, 50)
	bigger := bufio.NewWriterSize(w, 500)
	fmt.Println("reused for a smaller size:", same == w, "for a larger:", bigger == w, bigger.Size())

	var zero bufio.Writer
	zero.Reset(lw)
	fmt.Println("zero writer after Reset: size", zero.Size(), "available", zero.Available())

	fw := bufio.NewWriterSize(&failAfter{n: 30}, 16)
	k, err := fw.WriteString(strings.Repeat("a", 40))
	fmt.Println("wrote", k, err, "buffered", fw.Buffered(), "available", fw.Available())
	fmt.Println("flush:", fw.Flush(), "write after:", fw.WriteByte('b'))

	// Scanner: short and long lines, whole or one byte per Read.
	lines := []string{"a", strings.Repeat("b", 300), "", strings.Repeat("c", 5000), "d", strings.Repeat("e", 257)}
	text := strings.Join(lines, "\n") + "\n"
	for _, r := range []io.Reader{strings.NewReader(text), oneByte{strings.NewReader(text)}} {
		sc := bufio.NewScanner(r)
		var got []int
		for sc.Scan() {
			got = append(got, len(sc.Text()))
		}
		fmt.Println("line lengths", got, sc.Err())
	}
	long := bufio.NewScanner(strings.NewReader(strings.Repeat("f", 70000)))
	for long.Scan() {
	}
	fmt.Println("too long:", long.Err())
	words := bufio.NewScanner(strings.NewReader(strings.Repeat("word ", 2000)))
	words.Split(bufio.ScanWords)
	count := 0
	for words.Scan() {
		count++
	}
	fmt.Println("words", count, words.Err())

	// A split that takes whatever it is given sees the buffer's pieces.
	whole := bufio.NewScanner(strings.NewReader(strings.Repeat("g", 2000)))
	whole.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if len(data) == 0 {
			return 0, nil, nil
		}
		return len(data), data, nil
	})
	var pieces []int
	for whole.Scan() {
		pieces = append(pieces, len(whole.Bytes()))
	}
	fmt.Println("pieces", pieces)
	// A buffer given with Buffer is used until a token needs more.
	mine := make([]byte, 0, 64)
	bs := bufio.NewScanner(strings.NewReader("short\nlines\n"))
	bs.Buffer(mine, 1<<20)
	bs.Scan()
	fmt.Println("token in my buffer:", &bs.Bytes()[0] == &mine[:1][0])
}

// Output:
// size 100 available 100 buffered 0
// available 88 buffered 12 writes []
// available 38 buffered 62 writes [100]
// available 100 buffered 0 writes [100 62 250]
// writes [100 62 250 98 98 44] total 652
// available buffer cap 100 len 0
// buffered 8
// read from 333 <nil> buffered 0 writes [100 62 250 98 98 44 100]
// reused for a smaller size: true for a larger: false 500
// zero writer after Reset: size 4096 available 4096
// wrote 32 full buffered 2 available 14
// flush: full write after: full
// line lengths [1 300 0 5000 1 257] <nil>
// line lengths [1 300 0 5000 1 257] <nil>
// too long: bufio.Scanner: token too long
// words 2000 <nil>
// pieces [2000]
// token in my buffer: true
