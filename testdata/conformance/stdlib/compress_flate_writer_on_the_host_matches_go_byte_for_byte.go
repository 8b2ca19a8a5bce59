// compress/flate's Writer against Go's, byte for byte: every level, a
// preset dictionary, Flush's sync markers, Reset, writes after Close,
// an invalid level, a failing underlying writer; round trips through
// the Reader; sha256/sha512/sha1/md5 of a large buffer.
package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

func main() {
	text := []byte(strings.Repeat("spindle runs goroutines as fibers; ", 2000))
	for i := range text {
		if i%97 == 0 {
			text[i] = byte(i)
		}
	}
	for level := -2; level <= 9; level++ {
		var b bytes.Buffer
		w, err := flate.NewWriter(&b, level)
		if err != nil {
			panic(err)
		}
		w.Write(text[:len(text)/2])
		w.Flush()
		afterFlush := b.Len()
		w.Write(text[len(text)/2:])
		w.Close()
		back, err := io.ReadAll(flate.NewReader(bytes.NewReader(b.Bytes())))
		fmt.Println(level, afterFlush, b.Len(), crc32.ChecksumIEEE(b.Bytes()), bytes.Equal(back, text), err)
	}
	_, err := flate.NewWriter(io.Discard, 10)
	fmt.Println(err)

	dict := []byte("spindle runs goroutines")
	var b bytes.Buffer
	w, _ := flate.NewWriterDict(&b, 6, dict)
	w.Write(text[:500])
	w.Close()
	back, err := io.ReadAll(flate.NewReaderDict(bytes.NewReader(b.Bytes()), dict))
	fmt.Println("dict", b.Len(), crc32.ChecksumIEEE(b.Bytes()), bytes.Equal(back, text[:500]), err)
	var b2 bytes.Buffer
	w.Reset(&b2)
	w.Write(text[:500])
	w.Close()
	fmt.Println("reset", bytes.Equal(b.Bytes(), b2.Bytes()))
	n, err := w.Write([]byte("more"))
	fmt.Println("after close:", n, err, w.Flush(), w.Close())

	fw, _ := flate.NewWriter(&failing{n: 1}, 1)
	_, err1 := fw.Write(text)
	err2 := fw.Flush()
	err3 := fw.Close()
	fmt.Println("failing:", err1, err2, err3)

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Name = "notes.txt"
	zw.Write(text)
	zw.Close()
	zr, _ := gzip.NewReader(&gz)
	got, _ := io.ReadAll(zr)
	fmt.Println("gzip", zr.Name, len(got), bytes.Equal(got, text))

	big := bytes.Repeat(text, 20)
	fmt.Printf("%x\n%x\n%x\n%x\n", sha256.Sum256(big), sha512.Sum512(big), sha1.Sum(big), md5.Sum(big))
	h := sha256.New()
	for i := 0; i < len(big); i += 1000 {
		h.Write(big[i:min(i+1000, len(big))])
	}
	fmt.Printf("%x\n", h.Sum(nil))
	h224 := sha256.New224()
	h224.Write(big)
	h384 := sha512.New384()
	h384.Write(big)
	fmt.Printf("%x\n%x\n", h224.Sum(nil), h384.Sum(nil))
}

// Output:
// -2 17451 34902 3175812506 true <nil>
// -1 1309 2532 3091295701 true <nil>
// 0 35010 70020 432758852 true <nil>
// 1 2280 4522 3069004491 true <nil>
// 2 1566 3060 3838740136 true <nil>
// 3 1481 2813 2448422462 true <nil>
// 4 1876 3704 131415451 true <nil>
// 5 1876 3704 131415451 true <nil>
// 6 1309 2532 3091295701 true <nil>
// 7 1309 2539 4244734441 true <nil>
// 8 1309 2538 2206770041 true <nil>
// 9 1309 2538 2206770041 true <nil>
// flate: invalid compression level 10: want value in range [-2, 9]
// dict 54 3917208733 true <nil>
// reset true
// after close: 0 flate: closed writer flate: closed writer <nil>
// failing: disk full disk full disk full
// gzip notes.txt 70000 true
// 791aba997d54b8ab03c25e44c9c57231f2c689554ff19d6d7a1d092022b96626
// 2f508075f7c8b69700ca1284472faa439038c3498eaa429f706a8ab6eb925655508a5039cc2efbb2545727b32823a620f2b644163b578da6b365fc08c8bc969f
// 380febc5c6f5cfe43be476668b4dc56cdf3f8703
// 27190379fd4ee06c9e315553d6a13cd3
// 791aba997d54b8ab03c25e44c9c57231f2c689554ff19d6d7a1d092022b96626
// f12c3007b1ad81794a3a151dd6ad11768dd4bb55a17b0101e047422e
// f161096e0c0bc5085a0180c91ee0e81a1dc0eb6a169bd4967587ce9dd67142923afeda35df89b8ee7946a6da4fc298ed
