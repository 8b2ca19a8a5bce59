package main

import (
	"fmt"
	"unicode"
)

func main() {
	for _, r := range []rune{'a', 'Z', '5', ' ', '\t', '!', 'é', 'Σ', '世', '٣', '_', '\n'} {
		fmt.Printf("%q L=%t U=%t Lo=%t D=%t N=%t S=%t P=%t G=%t C=%t\n", r,
			unicode.IsLetter(r), unicode.IsUpper(r), unicode.IsLower(r),
			unicode.IsDigit(r), unicode.IsNumber(r), unicode.IsSpace(r),
			unicode.IsPunct(r), unicode.IsGraphic(r), unicode.IsControl(r))
	}
	fmt.Printf("%c %c %c %c\n", unicode.ToUpper('ä'), unicode.ToLower('Ω'), unicode.ToTitle('q'), unicode.ToUpper('1'))
	fmt.Println(unicode.Is(unicode.Han, '世'), unicode.Is(unicode.Latin, '世'), unicode.In('ж', unicode.Cyrillic, unicode.Greek))
	fmt.Println(unicode.MaxRune == '\U0010FFFF', unicode.ReplacementChar == '\uFFFD')
	fmt.Printf("%c\n", unicode.SimpleFold('A'))
	fmt.Println(unicode.IsPrint('\u00a0'), unicode.IsSymbol('+'), unicode.IsMark('\u0301'))

	// Counting categories in a mixed string.
	counts := map[string]int{}
	for _, r := range "Hello, Wörld! 123 日本" {
		switch {
		case unicode.IsUpper(r):
			counts["upper"]++
		case unicode.IsLetter(r):
			counts["letter"]++
		case unicode.IsDigit(r):
			counts["digit"]++
		case unicode.IsSpace(r):
			counts["space"]++
		default:
			counts["other"]++
		}
	}
	for _, k := range []string{"upper", "letter", "digit", "space", "other"} {
		fmt.Println(k, counts[k])
	}
}

// Output:
// 'a' L=true U=false Lo=true D=false N=false S=false P=false G=true C=false
// 'Z' L=true U=true Lo=false D=false N=false S=false P=false G=true C=false
// '5' L=false U=false Lo=false D=true N=true S=false P=false G=true C=false
// ' ' L=false U=false Lo=false D=false N=false S=true P=false G=true C=false
// '\t' L=false U=false Lo=false D=false N=false S=true P=false G=false C=true
// '!' L=false U=false Lo=false D=false N=false S=false P=true G=true C=false
// 'é' L=true U=false Lo=true D=false N=false S=false P=false G=true C=false
// 'Σ' L=true U=true Lo=false D=false N=false S=false P=false G=true C=false
// '世' L=true U=false Lo=false D=false N=false S=false P=false G=true C=false
// '٣' L=false U=false Lo=false D=true N=true S=false P=false G=true C=false
// '_' L=false U=false Lo=false D=false N=false S=false P=true G=true C=false
// '\n' L=false U=false Lo=false D=false N=false S=true P=false G=false C=true
// Ä ω Q 1
// true false true
// true true
// a
// false true true
// upper 2
// letter 10
// digit 3
// space 3
// other 2
