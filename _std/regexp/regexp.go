// Package regexp is spindle's guest regexp package. Compiling and
// matching are the host's (Go's own RE2 engine, bound through a handle),
// so syntax, leftmost-first semantics and errors are Go's; the Find,
// Replace and Split variants are built here from the host's match
// indexes. The io.RuneReader forms (MatchReader, FindReaderIndex,
// FindReaderSubmatchIndex) read the reader to its end before matching,
// where Go's stop reading once the match is decided. Compile errors are
// plain errors with Go's text, not *syntax.Error.
package regexp

import (
	"errors"
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// Regexp is the representation of a compiled regular expression. It is
// safe for concurrent use.
type Regexp struct {
	re   unsafe.Pointer // the host's *regexp.Regexp
	expr string
	nsub int // NumSubexp, read by every submatch search
}

func compile(expr string, posix bool) (re unsafe.Pointer, numSubexp int, err string)

// find returns the flattened indexes of up to n matches of s (n < 0:
// all): two per match, or two per group with sub.
func (re *Regexp) find(s string, n int, sub bool) []int

func (re *Regexp) meta() (names []string, prefix string, complete bool)

func (re *Regexp) longest()

func (re *Regexp) expand(dst []byte, template string, src string, match []int) []byte

// QuoteMeta returns a string that escapes all regular expression
// metacharacters inside the argument text.
func QuoteMeta(s string) string

func newRegexp(expr string, posix bool) (*Regexp, error) {
	h, nsub, msg := compile(expr, posix)
	if msg != "" {
		return nil, errors.New(msg)
	}
	return &Regexp{re: h, expr: expr, nsub: nsub}, nil
}

// Compile parses a regular expression and returns, if successful, a
// Regexp that can be used to match against text.
func Compile(expr string) (*Regexp, error) { return newRegexp(expr, false) }

// CompilePOSIX is like Compile but restricts the syntax to POSIX ERE and
// uses leftmost-longest matching.
func CompilePOSIX(expr string) (*Regexp, error) { return newRegexp(expr, true) }

func quote(s string) string {
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// MustCompile is like Compile but panics if the expression cannot be
// parsed.
func MustCompile(str string) *Regexp {
	re, err := Compile(str)
	if err != nil {
		panic(`regexp: Compile(` + quote(str) + `): ` + err.Error())
	}
	return re
}

// MustCompilePOSIX is like CompilePOSIX but panics if the expression
// cannot be parsed.
func MustCompilePOSIX(str string) *Regexp {
	re, err := CompilePOSIX(str)
	if err != nil {
		panic(`regexp: CompilePOSIX(` + quote(str) + `): ` + err.Error())
	}
	return re
}

// MatchString reports whether the string s contains any match of the
// regular expression pattern.
func MatchString(pattern string, s string) (matched bool, err error) {
	re, err := Compile(pattern)
	if err != nil {
		return false, err
	}
	return re.MatchString(s), nil
}

// Match reports whether the byte slice b contains any match of the
// regular expression pattern.
func Match(pattern string, b []byte) (matched bool, err error) {
	return MatchString(pattern, string(b))
}

// String returns the source text used to compile the regular expression.
func (re *Regexp) String() string { return re.expr }

// Copy returns a new Regexp object copied from re.
//
// Deprecated: as in Go, a Regexp is safe for concurrent use.
func (re *Regexp) Copy() *Regexp {
	re2 := *re
	return &re2
}

// Longest makes future searches prefer leftmost-longest matches.
func (re *Regexp) Longest() { re.longest() }

// NumSubexp returns the number of parenthesized subexpressions.
func (re *Regexp) NumSubexp() int { return re.nsub }

// SubexpNames returns the names of the parenthesized subexpressions; the
// first (the whole expression) is always "".
func (re *Regexp) SubexpNames() []string {
	names, _, _ := re.meta()
	return names
}

// SubexpIndex returns the index of the first subexpression with the
// given name, or -1.
func (re *Regexp) SubexpIndex(name string) int {
	if name != "" {
		for i, s := range re.SubexpNames() {
			if name == s {
				return i
			}
		}
	}
	return -1
}

// LiteralPrefix returns a literal string that must begin any match, and
// whether it is the entire expression.
func (re *Regexp) LiteralPrefix() (prefix string, complete bool) {
	_, prefix, complete = re.meta()
	return prefix, complete
}

// MatchString reports whether s contains any match of re.
func (re *Regexp) MatchString(s string) bool { return len(re.find(s, 1, false)) > 0 }

// Match reports whether b contains any match of re.
func (re *Regexp) Match(b []byte) bool { return re.MatchString(string(b)) }

// FindString returns the text of the leftmost match of re in s, or "".
func (re *Regexp) FindString(s string) string {
	m := re.find(s, 1, false)
	if m == nil {
		return ""
	}
	return s[m[0]:m[1]]
}

// FindStringIndex returns the location of the leftmost match, or nil.
func (re *Regexp) FindStringIndex(s string) (loc []int) { return re.find(s, 1, false) }

// FindStringSubmatch returns the leftmost match and its submatches ("" for
// groups that did not participate), or nil.
func (re *Regexp) FindStringSubmatch(s string) []string {
	m := re.find(s, 1, true)
	if m == nil {
		return nil
	}
	return substrings(s, m)
}

// FindStringSubmatchIndex returns the index pairs of the leftmost match
// and its submatches, or nil.
func (re *Regexp) FindStringSubmatchIndex(s string) []int { return re.find(s, 1, true) }

func substrings(s string, m []int) []string {
	out := make([]string, len(m)/2)
	for i := range out {
		if m[2*i] >= 0 {
			out[i] = s[m[2*i]:m[2*i+1]]
		}
	}
	return out
}

// split cuts flat match indexes into per-match slices of width w.
func split(m []int, w int) [][]int {
	if m == nil {
		return nil
	}
	out := make([][]int, 0, len(m)/w)
	for i := 0; i < len(m); i += w {
		out = append(out, m[i:i+w:i+w])
	}
	return out
}

// FindAllString returns up to n (n < 0: all) successive matches of re.
func (re *Regexp) FindAllString(s string, n int) []string {
	ms := split(re.find(s, n, false), 2)
	if ms == nil {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s[m[0]:m[1]]
	}
	return out
}

// FindAllStringIndex returns the locations of up to n successive matches.
func (re *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return split(re.find(s, n, false), 2)
}

// FindAllStringSubmatch returns up to n successive matches with their
// submatches.
func (re *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	ms := split(re.find(s, n, true), 2*(re.NumSubexp()+1))
	if ms == nil {
		return nil
	}
	out := make([][]string, len(ms))
	for i, m := range ms {
		out[i] = substrings(s, m)
	}
	return out
}

// FindAllStringSubmatchIndex returns the index pairs of up to n matches
// and their submatches.
func (re *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return split(re.find(s, n, true), 2*(re.NumSubexp()+1))
}

// Find returns the leftmost match in b, or nil.
func (re *Regexp) Find(b []byte) []byte {
	m := re.find(string(b), 1, false)
	if m == nil {
		return nil
	}
	return b[m[0]:m[1]:m[1]]
}

// FindIndex returns the location of the leftmost match in b, or nil.
func (re *Regexp) FindIndex(b []byte) (loc []int) { return re.find(string(b), 1, false) }

func subslices(b []byte, m []int) [][]byte {
	out := make([][]byte, len(m)/2)
	for i := range out {
		if m[2*i] >= 0 {
			out[i] = b[m[2*i]:m[2*i+1]:m[2*i+1]]
		}
	}
	return out
}

// FindSubmatch returns the leftmost match in b and its submatches, or nil.
func (re *Regexp) FindSubmatch(b []byte) [][]byte {
	m := re.find(string(b), 1, true)
	if m == nil {
		return nil
	}
	return subslices(b, m)
}

// FindSubmatchIndex returns the index pairs of the leftmost match in b
// and its submatches, or nil.
func (re *Regexp) FindSubmatchIndex(b []byte) []int { return re.find(string(b), 1, true) }

// FindAll returns up to n successive matches in b.
func (re *Regexp) FindAll(b []byte, n int) [][]byte {
	ms := split(re.find(string(b), n, false), 2)
	if ms == nil {
		return nil
	}
	out := make([][]byte, len(ms))
	for i, m := range ms {
		out[i] = b[m[0]:m[1]:m[1]]
	}
	return out
}

// FindAllIndex returns the locations of up to n successive matches in b.
func (re *Regexp) FindAllIndex(b []byte, n int) [][]int {
	return split(re.find(string(b), n, false), 2)
}

// FindAllSubmatch returns up to n successive matches in b with their
// submatches.
func (re *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	ms := split(re.find(string(b), n, true), 2*(re.NumSubexp()+1))
	if ms == nil {
		return nil
	}
	out := make([][][]byte, len(ms))
	for i, m := range ms {
		out[i] = subslices(b, m)
	}
	return out
}

// FindAllSubmatchIndex returns the index pairs of up to n matches in b
// and their submatches.
func (re *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return split(re.find(string(b), n, true), 2*(re.NumSubexp()+1))
}

// replace rebuilds src with each match replaced by repl(match indexes).
// Matches are those of FindAll, which already drops an empty match right
// after a previous one, as Go's replacement does.
func (re *Regexp) replace(src string, sub bool, repl func(dst []byte, m []int) []byte) []byte {
	w := 2
	if sub {
		w = 2 * (re.NumSubexp() + 1)
	}
	var dst []byte
	last := 0
	for _, m := range split(re.find(src, -1, sub), w) {
		dst = append(dst, src[last:m[0]]...)
		dst = repl(dst, m)
		last = m[1]
	}
	return append(dst, src[last:]...)
}

// ReplaceAllString returns a copy of src with matches replaced by repl,
// in which $1, ${name} and the like are expanded (see Expand).
func (re *Regexp) ReplaceAllString(src, repl string) string {
	return string(re.replace(src, true, func(dst []byte, m []int) []byte {
		return re.expand(dst, repl, src, m)
	}))
}

// ReplaceAllLiteralString returns a copy of src with matches replaced by
// repl, taken literally.
func (re *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return string(re.replace(src, false, func(dst []byte, m []int) []byte {
		return append(dst, repl...)
	}))
}

// ReplaceAllStringFunc returns a copy of src with each match replaced by
// repl applied to it.
func (re *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return string(re.replace(src, false, func(dst []byte, m []int) []byte {
		return append(dst, repl(src[m[0]:m[1]])...)
	}))
}

// ReplaceAll is ReplaceAllString for byte slices.
func (re *Regexp) ReplaceAll(src, repl []byte) []byte {
	s, r := string(src), string(repl)
	return re.replace(s, true, func(dst []byte, m []int) []byte {
		return re.expand(dst, r, s, m)
	})
}

// ReplaceAllLiteral is ReplaceAllLiteralString for byte slices.
func (re *Regexp) ReplaceAllLiteral(src, repl []byte) []byte {
	return re.replace(string(src), false, func(dst []byte, m []int) []byte {
		return append(dst, repl...)
	})
}

// ReplaceAllFunc is ReplaceAllStringFunc for byte slices.
func (re *Regexp) ReplaceAllFunc(src []byte, repl func([]byte) []byte) []byte {
	return re.replace(string(src), false, func(dst []byte, m []int) []byte {
		return append(dst, repl(src[m[0]:m[1]])...)
	})
}

// ExpandString appends template to dst with $-variables replaced by the
// submatches of match (see FindStringSubmatchIndex) in src.
func (re *Regexp) ExpandString(dst []byte, template string, src string, match []int) []byte {
	return re.expand(dst, template, src, match)
}

// Expand is ExpandString for byte slices.
func (re *Regexp) Expand(dst []byte, template []byte, src []byte, match []int) []byte {
	return re.expand(dst, string(template), string(src), match)
}

// Split slices s into substrings separated by re's matches: at most n
// substrings (n < 0: all; n == 0: nil).
func (re *Regexp) Split(s string, n int) []string {
	if n == 0 {
		return nil
	}
	if len(re.expr) > 0 && len(s) == 0 {
		return []string{""}
	}
	out := make([]string, 0)
	beg, end := 0, 0
	for _, m := range re.FindAllStringIndex(s, n) {
		if n > 0 && len(out) == n-1 {
			break
		}
		end = m[0]
		if m[1] != 0 {
			out = append(out, s[beg:end])
		}
		beg = m[1]
	}
	if end != len(s) {
		out = append(out, s[beg:])
	}
	return out
}

// MarshalText returns the source text of the regular expression.
func (re *Regexp) MarshalText() ([]byte, error) { return []byte(re.String()), nil }

// UnmarshalText compiles text into re.
func (re *Regexp) UnmarshalText(text []byte) error {
	r, err := Compile(string(text))
	if err != nil {
		return err
	}
	*re = *r
	return nil
}

// readRunes returns the runes r yields until it fails, as UTF-8.
func readRunes(r io.RuneReader) string {
	var b []byte
	for {
		c, size, err := r.ReadRune()
		if err != nil || size == 0 {
			return string(b)
		}
		if c == utf8.RuneError && size == 1 {
			b = append(b, 0xff) // one byte, as Go's input offsets count it
			continue
		}
		b = utf8.AppendRune(b, c)
	}
}

// MatchReader reports whether the text returned by the RuneReader
// contains any match of re.
func (re *Regexp) MatchReader(r io.RuneReader) bool { return re.MatchString(readRunes(r)) }

// FindReaderIndex returns the location of the leftmost match of re in the
// text read from r, or nil.
func (re *Regexp) FindReaderIndex(r io.RuneReader) (loc []int) {
	return re.FindStringIndex(readRunes(r))
}

// FindReaderSubmatchIndex returns the locations of the leftmost match of
// re in the text read from r and of its submatches, or nil.
func (re *Regexp) FindReaderSubmatchIndex(r io.RuneReader) []int {
	return re.FindStringSubmatchIndex(readRunes(r))
}

// MatchReader reports whether the text returned by the RuneReader
// contains any match of the regular expression pattern.
func MatchReader(pattern string, r io.RuneReader) (matched bool, err error) {
	re, err := Compile(pattern)
	if err != nil {
		return false, err
	}
	return re.MatchReader(r), nil
}
