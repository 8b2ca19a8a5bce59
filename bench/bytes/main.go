// Command bytes moves bytes the way I/O programs, parsers and encoders do
// (default N=200_000 lines, an 8.8 MB buffer).
//
// It builds a buffer of N 44-byte lines with bytes.Buffer.WriteString,
// runs an FNV-1a loop over every byte in Go code, converts the buffer to a
// string and counts a substring, upper-cases it with bytes.ToUpper, takes
// its CRC-32 (crc32.ChecksumIEEE), and counts its lines and words with a
// bufio.Scanner. It prints one line of checksums.
//
// "bytes N setup" only builds the line table, so the harness can subtract
// start-up.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"strconv"
	"strings"
)

// lines are the 44-byte lines the buffer repeats.
var lines = []string{
	"the quick brown fox jumps over the lazy dog\n",
	"pack my box with five dozen liquor jugs now\n",
	"how vexingly quick daft zebras jump, said I\n",
	"sphinx of black quartz, judge my vow again!\n",
}

// N is the default number of lines (a peer interpreter that cannot pass
// arguments rewrites this line: yaegi-host -n).
const N = 200_000

func main() {
	n := N
	args := os.Args[1:]
	if len(args) > 0 && strings.HasSuffix(args[0], ".go") {
		args = args[1:] // a peer host's own arguments (yaegi-host main.go)
	}
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			fmt.Fprintln(os.Stderr, "usage: bytes [N [setup]]")
			os.Exit(2)
		}
		n = v
	}
	if len(args) > 1 && args[1] == "setup" {
		fmt.Println(len(lines))
		return
	}

	var buf bytes.Buffer
	for i := 0; i < n; i++ {
		buf.WriteString(lines[i%len(lines)])
	}
	b := buf.Bytes()

	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}

	s := string(b)
	quick := strings.Count(s, "quick")
	upper := bytes.ToUpper(b)
	crc := crc32.ChecksumIEEE(upper)

	sc := bufio.NewScanner(bytes.NewReader(b))
	nlines, words := 0, 0
	for sc.Scan() {
		nlines++
		words += len(bytes.Fields(sc.Bytes()))
	}
	fmt.Println(len(b), h, quick, crc, nlines, words)
}
