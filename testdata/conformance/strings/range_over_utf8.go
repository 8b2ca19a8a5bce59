package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	s := "aé世😀"
	for i, r := range s {
		fmt.Printf("%d:%c(%U,len=%d);", i, r, r, utf8.RuneLen(r))
	}
	fmt.Println()
	fmt.Println("bytes:", len(s), "runes:", utf8.RuneCountInString(s))

	// Invalid UTF-8 yields U+FFFD with width 1.
	bad := "a\xffb\xc3(c\xe2\x82"
	for i, r := range bad {
		fmt.Printf("[%d %U %q]", i, r, r)
	}
	fmt.Println()
	fmt.Println("valid:", utf8.ValidString(bad), utf8.ValidString(s))
	fmt.Println("runes in bad:", utf8.RuneCountInString(bad))

	// Range with only index, and blank.
	n := 0
	for i := range "日本語" {
		fmt.Print(i, ",")
		n++
	}
	fmt.Println(n)
	count := 0
	for range "xyz" {
		count++
	}
	fmt.Println("count:", count)

	// Convert invalid string to []rune.
	rs := []rune(bad)
	fmt.Println(len(rs), rs)
	fmt.Println(string(rs))

	// Decoding by hand.
	b := []byte("€!")
	r, size := utf8.DecodeRune(b)
	fmt.Printf("%c %d\n", r, size)
	r, size = utf8.DecodeLastRuneInString("añ")
	fmt.Printf("%c %d\n", r, size)
	r, size = utf8.DecodeRuneInString("")
	fmt.Printf("%U %d\n", r, size)
	r, size = utf8.DecodeRuneInString("\x80")
	fmt.Printf("%U %d\n", r, size)

	buf := make([]byte, 0, 8)
	buf = utf8.AppendRune(buf, 'ß')
	buf = utf8.AppendRune(buf, 0x10FFFF+1)
	fmt.Printf("% x\n", buf)
	fmt.Println(utf8.RuneLen(-1), utf8.ValidRune(0xD800), utf8.FullRune([]byte{0xe2, 0x82}))

	// Surrogate halves are invalid in string(rune).
	fmt.Printf("%q %q\n", string(rune(0xD800)), string(rune(-1)))
}

// Output:
// 0:a(U+0061,len=1);1:é(U+00E9,len=2);3:世(U+4E16,len=3);6:😀(U+1F600,len=4);
// bytes: 10 runes: 4
// [0 U+0061 'a'][1 U+FFFD '�'][2 U+0062 'b'][3 U+FFFD '�'][4 U+0028 '('][5 U+0063 'c'][6 U+FFFD '�'][7 U+FFFD '�']
// valid: false true
// runes in bad: 8
// 0,3,6,3
// count: 3
// 8 [97 65533 98 65533 40 99 65533 65533]
// a�b�(c��
// € 3
// ñ 2
// U+FFFD 0
// U+FFFD 1
// c3 9f ef bf bd
// -1 false false
// "�" "�"
