package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&sb, "%d-", i)
	}
	sb.WriteString("end")
	sb.WriteByte('!')
	sb.WriteRune('é')
	fmt.Println(sb.String(), sb.Len())
	sb.Reset()
	fmt.Printf("%q %d\n", sb.String(), sb.Len())

	rot13 := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}
	fmt.Println(strings.Map(rot13, "Hello, Gopher!"))
	dropVowels := func(r rune) rune {
		if strings.ContainsRune("aeiou", r) {
			return -1
		}
		return r
	}
	fmt.Println(strings.Map(dropVowels, "interpreter"))

	fmt.Printf("%q\n", strings.TrimFunc("123abc456", unicode.IsDigit))
	fmt.Printf("%q\n", strings.TrimLeftFunc("   x  ", unicode.IsSpace))
	fmt.Printf("%q\n", strings.FieldsFunc("a1b22c333d", unicode.IsDigit))
	fmt.Println(strings.LastIndexFunc("abc123def", unicode.IsDigit))
	fmt.Println(strings.ContainsFunc("hello", unicode.IsUpper))

	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href=\"x&y\">"))

	fmt.Println(strings.ToTitle("loud"), strings.ToUpper("straße"))
	fmt.Println(strings.ToValidUTF8("a\xffb\xfe\xfdc", "?"))

	// Iterators over lines and fields (Go 1.24).
	for line := range strings.Lines("one\ntwo\nthree") {
		fmt.Printf("%q;", line)
	}
	fmt.Println()
	for part := range strings.SplitSeq("a;b;c", ";") {
		fmt.Print("[", part, "]")
	}
	fmt.Println()
	for f := range strings.FieldsSeq("  x  y z ") {
		fmt.Print("<", f, ">")
	}
	fmt.Println()

	// Build a table with padding.
	var tb strings.Builder
	rows := [][2]string{{"name", "spindle"}, {"lang", "go"}}
	for _, row := range rows {
		tb.WriteString(fmt.Sprintf("%-6s|%8s|\n", row[0], row[1]))
	}
	fmt.Print(tb.String())
	fmt.Println(strings.Count(tb.String(), "\n"))
}

// Output:
// 0-1-2-end!é 12
// "" 0
// Uryyb, Tbcure!
// ntrprtr
// "abc"
// "x  "
// ["a" "b" "c" "d"]
// 5
// false
// &lt;a href="x&amp;y"&gt;
// LOUD STRAßE
// a?b?c
// "one\n";"two\n";"three";
// [a][b][c]
// <x><y><z>
// name  | spindle|
// lang  |      go|
// 2
