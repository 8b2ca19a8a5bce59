// compress/gzip and compress/zlib (Go's own, compiled from the toolchain's
// sources) round-trip data in memory.
package main

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"strings"
)

func main() {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write([]byte(strings.Repeat("spindle fibers ", 100)))
	w.Close()
	r, err := gzip.NewReader(&buf)
	b, _ := io.ReadAll(r)
	fmt.Println(err, len(b), buf.Len() < 200)
	var zb bytes.Buffer
	zw := zlib.NewWriter(&zb)
	zw.Write([]byte("hello hello hello"))
	zw.Close()
	zr, _ := zlib.NewReader(&zb)
	out, _ := io.ReadAll(zr)
	fmt.Println(string(out))
}

// Output:
// <nil> 1500 true
// hello hello hello
