// Rule: bufio.Scanner (lines and words) and fmt.Fscan reading an empty
// os.Pipe block only their goroutine, as in Go: the goroutine that writes
// the pipe runs meanwhile, and the reader gets the pieces as they come
// (if the read held the shard's thread, the writer could never run).
package main

import (
	"bufio"
	"fmt"
	"os"
)

// pipe returns the read end of a pipe that a new goroutine writes pieces
// to, and then closes.
func pipe(pieces ...string) *os.File {
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	go func() {
		for _, p := range pieces {
			if _, err := w.WriteString(p); err != nil {
				panic(err)
			}
		}
		w.Close()
	}()
	return r
}

func main() {
	r := pipe("alpha be", "ta\r\ngam", "ma\n", "\n", "no newline")
	s := bufio.NewScanner(r)
	for s.Scan() {
		fmt.Printf("line %q\n", s.Text())
	}
	fmt.Println("lines:", s.Err())
	r.Close()

	r = pipe("  one tw", "o\tthree\n\n fo", "ur  ")
	s = bufio.NewScanner(r)
	s.Split(bufio.ScanWords)
	for s.Scan() {
		fmt.Printf("word %q\n", s.Text())
	}
	fmt.Println("words:", s.Err())
	r.Close()

	r = pipe("1 2", "3\n4", "5 x")
	sum := 0
	for {
		var n int
		if _, err := fmt.Fscan(r, &n); err != nil {
			fmt.Println("fscan:", err)
			break
		}
		sum += n
	}
	fmt.Println("sum", sum)
	r.Close()
}

// Output:
// line "alpha beta"
// line "gamma"
// line ""
// line "no newline"
// lines: <nil>
// word "one"
// word "two"
// word "three"
// word "four"
// words: <nil>
// fscan: expected integer
// sum 69
