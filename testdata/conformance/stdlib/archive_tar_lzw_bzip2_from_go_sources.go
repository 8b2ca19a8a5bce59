// archive/tar, compress/bzip2 (reading) and compress/lzw from Go's own
// sources: a tar archive written and read back with headers, modes and
// times, lzw round trips in both bit orders, and a bzip2 stream decoded.
package main

import (
	"archive/tar"
	"bytes"
	"compress/bzip2"
	"compress/lzw"
	"encoding/base64"
	"fmt"
	"io"
	"time"
)

// "hello, spindle\n" compressed with bzip2 -9.
const bz = "QlpoOTFBWSZTWclgxU0AAANRgAAQQAQGZcgAIAAxA0DQIAMhMEkXpFa3d4u5IpwoSGSwYqaA"

func main() {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	when := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	files := []struct{ name, body string }{{"a.txt", "first file\n"}, {"dir/b.txt", "second, longer file body\n"}}
	for _, f := range files {
		hdr := &tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), ModTime: when, Uname: "spindle", Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(hdr); err != nil {
			panic(err)
		}
		tw.Write([]byte(f.body))
	}
	tw.WriteHeader(&tar.Header{Name: "dir/link", Linkname: "b.txt", Typeflag: tar.TypeSymlink, ModTime: when})
	fmt.Println(tw.Close(), buf.Len())
	tr := tar.NewReader(&buf)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(tr)
		fmt.Printf("%s %o %d %s %q %q %v\n", hdr.Name, hdr.Mode, hdr.Size, hdr.Uname, body, hdr.Linkname, hdr.ModTime.Equal(when))
	}

	text := bytes.Repeat([]byte("TOBEORNOTTOBEORTOBEORNOT#"), 40)
	for _, order := range []lzw.Order{lzw.LSB, lzw.MSB} {
		var z bytes.Buffer
		w := lzw.NewWriter(&z, order, 8)
		w.Write(text)
		w.Close()
		back, err := io.ReadAll(lzw.NewReader(bytes.NewReader(z.Bytes()), order, 8))
		fmt.Println(order, z.Len(), bytes.Equal(back, text), err)
	}

	raw, _ := base64.StdEncoding.DecodeString(bz)
	out, err := io.ReadAll(bzip2.NewReader(bytes.NewReader(raw)))
	fmt.Printf("%q %v\n", out, err)
}

// Output:
// <nil> 3584
// a.txt 644 11 spindle "first file\n" "" true
// dir/b.txt 644 25 spindle "second, longer file body\n" "" true
// dir/link 0 0  "" "b.txt" true
// 0 184 true <nil>
// 1 184 true <nil>
// "hello, spindle\n" <nil>
