// Command words counts N pseudo-random words into a map[string]int
// (default N=1_000_000).
//
// The words are drawn by an xorshift PRNG from a vocabulary of 5000
// generated words ("w0".."w4999") and stored in a []string first; only
// then are they counted. It prints the number of distinct words and the
// most frequent word with its count (ties go to the smallest word).
//
// "words N setup" builds the word slice but does not count it, so the
// harness can subtract the set-up cost (including start-up) and get the
// cost of one map increment with a string key.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

const vocabSize = 5000

func build(n int) []string {
	vocab := make([]string, vocabSize)
	for k := range vocab {
		vocab[k] = "w" + strconv.Itoa(k)
	}
	words := make([]string, n)
	x := uint64(88172645463325252)
	for i := range words {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		words[i] = vocab[x%vocabSize]
	}
	return words
}

// N is the default number of words (a peer interpreter that cannot pass
// arguments rewrites this line: yaegi-host -n).
const N = 1_000_000

func main() {
	n := N
	setup := false
	args := os.Args[1:]
	if len(args) > 0 && strings.HasSuffix(args[0], ".go") {
		args = args[1:] // a peer host's own arguments (yaegi-host main.go)
	}
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: words [N [setup]]")
			os.Exit(2)
		}
		n = v
	}
	if len(args) > 1 && args[1] == "setup" {
		setup = true
	}
	words := build(n)
	if setup {
		last := ""
		if n > 0 {
			last = words[n-1]
		}
		fmt.Println("setup", len(words), last)
		return
	}
	counts := make(map[string]int)
	for _, w := range words {
		counts[w]++
	}
	top, topCount := "", 0
	for w, c := range counts {
		if c > topCount || (c == topCount && w < top) {
			top, topCount = w, c
		}
	}
	fmt.Println(len(counts), top, topCount)
}
