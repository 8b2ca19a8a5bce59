// Rule: regexp compiles, matches, finds, replaces and splits with Go's
// semantics and texts (spindle binds Go's RE2 engine on the host).
package main

import (
	"fmt"
	"regexp"
	"strings"
)

func main() {
	re := regexp.MustCompile(`(?P<key>\w+)=(?P<val>\d*)`)
	s := "a=1, bb=22, c=, d=x, eee=333"
	fmt.Println(re.String(), re.NumSubexp(), re.SubexpNames(), re.SubexpIndex("val"), re.SubexpIndex("nope"))
	fmt.Println(re.MatchString(s), re.FindString(s), re.FindStringIndex(s))
	fmt.Printf("%q\n", re.FindStringSubmatch(s))
	fmt.Println(re.FindStringSubmatchIndex(s))
	fmt.Printf("%q\n", re.FindAllString(s, -1))
	fmt.Printf("%q\n", re.FindAllString(s, 2))
	fmt.Println(re.FindAllStringIndex(s, -1))
	fmt.Printf("%q\n", re.FindAllStringSubmatch(s, -1))
	fmt.Println(re.FindAllStringSubmatchIndex(s, 1))
	fmt.Printf("%s | %q\n", re.ReplaceAllString(s, "${val}:$key"), re.ReplaceAllString(s, "$1x"))
	fmt.Println(re.ReplaceAllLiteralString(s, "$1"))
	fmt.Println(re.ReplaceAllStringFunc(s, strings.ToUpper))
	fmt.Printf("%q\n", regexp.MustCompile(`,\s*`).Split(s, -1))
	fmt.Printf("%q\n", regexp.MustCompile(`,\s*`).Split(s, 2))
	fmt.Printf("%q %q %q\n", regexp.MustCompile(`x*`).Split("axbxxc", -1), regexp.MustCompile(``).Split("abc", -1), regexp.MustCompile(`a`).Split("", -1))
	fmt.Println(regexp.MustCompile(`a*`).ReplaceAllString("baaac", "-"), regexp.MustCompile(`a*?`).ReplaceAllString("baaac", "-"))
	fmt.Printf("%q\n", regexp.MustCompile(`a*`).FindAllString("baaac", -1))

	b := []byte("x=10 y=20")
	bre := regexp.MustCompile(`(\w)=(\d+)`)
	fmt.Printf("%q %v %q\n", bre.Find(b), bre.FindIndex(b), bre.FindSubmatch(b))
	fmt.Printf("%q %v\n", bre.FindAll(b, -1), bre.FindAllSubmatchIndex(b, -1))
	fmt.Printf("%q\n", bre.FindAllSubmatch(b, -1))
	fmt.Printf("%s|%s|%s\n", bre.ReplaceAll(b, []byte("$2=$1")), bre.ReplaceAllLiteral(b, []byte("$")), bre.ReplaceAllFunc(b, func(m []byte) []byte { return []byte(strings.Repeat("#", len(m))) }))
	fmt.Println(bre.Match(b), bre.Match([]byte("none")))
	m := bre.FindStringSubmatchIndex("k=5")
	fmt.Printf("%s\n", bre.ExpandString(nil, "[$2 $1 ${1}x $$]", "k=5", m))

	for _, p := range []string{`a(b`, `*`, `[z-a]`, `x{2,1}`, `\8`} {
		_, err := regexp.Compile(p)
		fmt.Println(err)
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		regexp.MustCompile("a(")
	}()
	ok, err := regexp.MatchString(`^\d{3}-\d{4}$`, "555-1234")
	fmt.Println(ok, err)
	_, err = regexp.MatchString(`(`, "")
	fmt.Println(err)
	fmt.Println(regexp.QuoteMeta(`1.5+2*[x](y)`), regexp.MustCompile(`abc|abd`).String())
	p, complete := regexp.MustCompile(`hello.*`).LiteralPrefix()
	fmt.Println(p, complete)
	posix := regexp.MustCompilePOSIX(`a+|a+b`)
	fmt.Println(posix.FindString("aab"), regexp.MustCompile(`a+|a+b`).FindString("aab"))
	lz := regexp.MustCompile(`a+?`)
	lz.Longest()
	fmt.Println(lz.FindString("aaa"))
	fmt.Println(regexp.MustCompile(`(?i)héllo`).MatchString("HÉLLO wörld"), regexp.MustCompile(`(a)|(b)`).FindStringSubmatchIndex("b"))
	var nilre *regexp.Regexp
	func() {
		defer func() { fmt.Println("nil regexp:", recover()) }()
		nilre.MatchString("x")
	}()
}

// Output:
// (?P<key>\w+)=(?P<val>\d*) 2 [ key val] 2 -1
// true a=1 [0 3]
// ["a=1" "a" "1"]
// [0 3 0 1 2 3]
// ["a=1" "bb=22" "c=" "d=" "eee=333"]
// ["a=1" "bb=22"]
// [[0 3] [5 10] [12 14] [16 18] [21 28]]
// [["a=1" "a" "1"] ["bb=22" "bb" "22"] ["c=" "c" ""] ["d=" "d" ""] ["eee=333" "eee" "333"]]
// [[0 3 0 1 2 3]]
// 1:a, 22:bb, :c, :dx, 333:eee | ", , , x, "
// $1, $1, $1, $1x, $1
// A=1, BB=22, C=, D=x, EEE=333
// ["a=1" "bb=22" "c=" "d=x" "eee=333"]
// ["a=1" "bb=22, c=, d=x, eee=333"]
// ["a" "b" "c"] ["a" "b" "c"] [""]
// -b-c- -b-a-a-a-c-
// ["" "aaa" ""]
// "x=10" [0 4] ["x=10" "x" "10"]
// ["x=10" "y=20"] [[0 4 0 1 2 4] [5 9 5 6 7 9]]
// [["x=10" "x" "10"] ["y=20" "y" "20"]]
// 10=x 20=y|$ $|#### ####
// true false
// [5 k kx $]
// error parsing regexp: missing closing ): `a(b`
// error parsing regexp: missing argument to repetition operator: `*`
// error parsing regexp: invalid character class range: `z-a`
// error parsing regexp: invalid repeat count: `{2,1}`
// error parsing regexp: invalid escape sequence: `\8`
// recovered: regexp: Compile(`a(`): error parsing regexp: missing closing ): `a(`
// true <nil>
// error parsing regexp: missing closing ): `(`
// 1\.5\+2\*\[x\]\(y\) abc|abd
// hello false
// aab aa
// aaa
// true [0 1 -1 -1 0 1]
// nil regexp: runtime error: invalid memory address or nil pointer dereference
