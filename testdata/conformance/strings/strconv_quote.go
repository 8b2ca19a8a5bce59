package main

import (
	"fmt"
	"strconv"
)

func main() {
	inputs := []string{"plain", "tab\tnewline\n", `back\slash "quote"`, "héllo", "\x00\x7f\xff", "😀", "\u200b"}
	for _, s := range inputs {
		fmt.Println(strconv.Quote(s), strconv.QuoteToASCII(s), strconv.QuoteToGraphic(s))
	}
	fmt.Println(strconv.QuoteRune('x'), strconv.QuoteRune('\''), strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('☺'))

	for _, q := range []string{`"a\tb"`, "`raw\\n`", `'x'`, `"\u00e9\x41"`, `"unterminated`, `noquotes`} {
		s, err := strconv.Unquote(q)
		fmt.Printf("%q %v\n", s, err)
	}
	r, mb, tail, err := strconv.UnquoteChar(`\u4e16rest`, '"')
	fmt.Println(string(r), mb, tail, err)

	fmt.Println(strconv.CanBackquote("simple"), strconv.CanBackquote("has`tick"), strconv.CanBackquote("new\nline"))
	fmt.Println(strconv.IsPrint('a'), strconv.IsPrint('\u00ad'))

	buf := strconv.AppendQuote([]byte("q="), "hi\"")
	fmt.Println(string(buf))

	// %q formatting agrees with strconv.Quote.
	s := "mix\t\"é\""
	fmt.Println(fmt.Sprintf("%q", s) == strconv.Quote(s))
	fmt.Printf("%+q\n", s)
	fmt.Printf("%#q\n", "no-escapes")
	fmt.Printf("%#q\n", "has`back")
}

// Output:
// "plain" "plain" "plain"
// "tab\tnewline\n" "tab\tnewline\n" "tab\tnewline\n"
// "back\\slash \"quote\"" "back\\slash \"quote\"" "back\\slash \"quote\""
// "héllo" "h\u00e9llo" "héllo"
// "\x00\x7f\xff" "\x00\x7f\xff" "\x00\x7f\xff"
// "😀" "\U0001f600" "😀"
// "\u200b" "\u200b" "\u200b"
// 'x' '\'' '☺' '\u263a'
// "a\tb" <nil>
// "raw\\n" <nil>
// "x" <nil>
// "éA" <nil>
// "" invalid syntax
// "" invalid syntax
// 世 true rest <nil>
// true false false
// true false
// q="hi\""
// true
// "mix\t\"\u00e9\""
// `no-escapes`
// "has`back"
