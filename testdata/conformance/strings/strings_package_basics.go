package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "The quick brown fox jumps over the lazy dog"
	fmt.Println(strings.Contains(s, "fox"), strings.ContainsAny(s, "xyz"), strings.ContainsRune(s, 'Q'))
	fmt.Println(strings.HasPrefix(s, "The"), strings.HasSuffix(s, "dog"), strings.HasSuffix(s, "cat"))
	fmt.Println(strings.Index(s, "o"), strings.LastIndex(s, "o"), strings.Index(s, "cat"))
	fmt.Println(strings.IndexByte(s, 'q'), strings.IndexRune("chicken", 'k'), strings.IndexAny(s, "zy"))
	fmt.Println(strings.Count(s, "o"), strings.Count("five", ""))
	fmt.Println(strings.ToUpper(s[:9]), strings.ToLower("MiXeD ÄÖ"))

	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q\n", strings.Split("", ","))
	fmt.Printf("%q\n", strings.Fields("  spaced   out\ttext\n "))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"))

	fmt.Println(strings.Replace("oink oink oink", "k", "ky", 2))
	fmt.Println(strings.ReplaceAll("oink oink oink", "oink", "moo"))
	fmt.Println(strings.Replace("abc", "", "-", -1))
	fmt.Println(strings.Repeat("ab", 3) + "|" + strings.Repeat("x", 0) + "|")

	fmt.Printf("%q\n", strings.TrimSpace("  \t hi there \n"))
	fmt.Printf("%q\n", strings.Trim("xxhixx", "x"))
	fmt.Printf("%q\n", strings.TrimLeft("aabbcc", "ab"))
	fmt.Printf("%q\n", strings.TrimPrefix("prefix-body", "prefix-"))
	fmt.Printf("%q\n", strings.TrimSuffix("file.go", ".go"))
	fmt.Printf("%q\n", strings.TrimRight("path///", "/"))

	before, after, found := strings.Cut("key=value=more", "=")
	fmt.Println(before, after, found)
	before, after, found = strings.Cut("novalue", "=")
	fmt.Printf("%q %q %v\n", before, after, found)
	rest, ok := strings.CutPrefix("v1.2.3", "v")
	fmt.Println(rest, ok)
	rest, ok = strings.CutSuffix("name.txt", ".csv")
	fmt.Println(rest, ok)

	fmt.Println(strings.EqualFold("Go", "GO"), strings.EqualFold("ß", "SS"))
	fmt.Println(strings.Compare("a", "b"), strings.Compare("b", "a"), strings.Compare("x", "x"))
	fmt.Println(strings.LastIndexByte("a/b/c", '/'), strings.IndexFunc("abc123", func(r rune) bool { return r >= '0' && r <= '9' }))
}

// Output:
// true true false
// true true false
// 12 41 -1
// 4 4 37
// 4 5
// THE QUICK mixed äö
// ["a" "b" "" "c"]
// ["a" "b,c,d"]
// ["a," "b," "c"]
// ["a" "b" "c"]
// [""]
// ["spaced" "out" "text"]
// x-y-z
// oinky oinky oink
// moo moo moo
// -a-b-c-
// ababab||
// "hi there"
// "hi"
// "cc"
// "body"
// "file"
// "path"
// key value=more true
// "novalue" "" false
// 1.2.3 true
// name.txt false
// true false
// -1 1 0
// 3 3
