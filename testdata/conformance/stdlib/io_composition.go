package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

type upperWriter struct{ w io.Writer }

func (u upperWriter) Write(p []byte) (int, error) {
	return u.w.Write(bytes.ToUpper(p))
}

type countingReader struct {
	r     io.Reader
	bytes int
	calls int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.bytes += n
	c.calls++
	return n, err
}

func main() {
	var buf bytes.Buffer
	n, err := io.Copy(&buf, strings.NewReader("copy me"))
	fmt.Println(n, err, buf.String())

	var a, b bytes.Buffer
	mw := io.MultiWriter(&a, &b, upperWriter{os.Stdout})
	fmt.Fprintln(mw, "to all writers")
	fmt.Printf("%q %q\n", a.String(), b.String())

	mr := io.MultiReader(strings.NewReader("one "), strings.NewReader("two "), strings.NewReader("three"))
	all, err := io.ReadAll(mr)
	fmt.Printf("%q %v\n", all, err)

	lr := io.LimitReader(strings.NewReader("0123456789"), 4)
	lim, _ := io.ReadAll(lr)
	fmt.Println(string(lim))

	var tee bytes.Buffer
	tr := io.TeeReader(strings.NewReader("teed"), &tee)
	got, _ := io.ReadAll(tr)
	fmt.Println(string(got), tee.String())

	cr := &countingReader{r: strings.NewReader(strings.Repeat("x", 100))}
	small := make([]byte, 30)
	total := 0
	for {
		k, err := cr.Read(small)
		total += k
		if err == io.EOF {
			break
		}
	}
	fmt.Println("total", total, "bytes", cr.bytes, "calls", cr.calls)

	full := make([]byte, 5)
	k, err := io.ReadFull(strings.NewReader("abc"), full)
	fmt.Println(k, err)
	k, err = io.ReadFull(strings.NewReader("abcdefg"), full)
	fmt.Println(k, err, string(full))

	sr := strings.NewReader("seekable")
	sr.Seek(4, io.SeekStart)
	rest, _ := io.ReadAll(sr)
	fmt.Println(string(rest), sr.Len(), sr.Size())

	sec := io.NewSectionReader(strings.NewReader("0123456789"), 2, 5)
	sb, _ := io.ReadAll(sec)
	fmt.Println(string(sb))

	n2, err := io.WriteString(upperWriter{os.Stdout}, "write string\n")
	fmt.Println(n2, err)
	n3, err := io.CopyN(io.Discard, strings.NewReader("12345"), 3)
	fmt.Println(n3, err)

	pr, pw := io.Pipe()
	go func() {
		fmt.Fprint(pw, "through the pipe")
		pw.Close()
	}()
	piped, _ := io.ReadAll(pr)
	fmt.Println(string(piped))
	fmt.Println(io.EOF, io.ErrUnexpectedEOF)
}

// Output:
// 7 <nil> copy me
// TO ALL WRITERS
// "to all writers\n" "to all writers\n"
// "one two three" <nil>
// 0123
// teed teed
// total 100 bytes 100 calls 5
// 3 unexpected EOF
// 5 <nil> abcde
// able 0 8
// 23456
// WRITE STRING
// 13 <nil>
// 3 <nil>
// through the pipe
// EOF unexpected EOF
