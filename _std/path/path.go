// Package path is spindle's guest path package: slash-separated paths
// (Clean, Join, Split, Base, Dir, Ext, IsAbs, Match), written for
// spindle. path/filepath uses it: on Unix, the only platform spindle
// runs on, the two agree.
package path

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// ErrBadPattern indicates a pattern was malformed.
var ErrBadPattern = errors.New("syntax error in pattern")

// Clean returns the shortest path name equivalent to path by purely
// lexical processing: it collapses repeated slashes, removes "." elements
// and each ".." with the element before it, and removes ".." at the start
// of a rooted path. The result is "." for an empty path.
func Clean(path string) string {
	if path == "" {
		return "."
	}
	rooted := path[0] == '/'
	n := len(path)
	out := make([]byte, 0, n)
	r, dotdot := 0, 0 // next byte to read; where out may not backtrack past
	if rooted {
		out = append(out, '/')
		r, dotdot = 1, 1
	}
	for r < n {
		switch {
		case path[r] == '/':
			r++
		case path[r] == '.' && (r+1 == n || path[r+1] == '/'):
			r++
		case path[r] == '.' && path[r+1] == '.' && (r+2 == n || path[r+2] == '/'):
			r += 2
			switch {
			case len(out) > dotdot:
				w := len(out) - 1
				for w > dotdot && out[w] != '/' {
					w--
				}
				out = out[:w]
			case !rooted:
				if len(out) > 0 {
					out = append(out, '/')
				}
				out = append(out, '.', '.')
				dotdot = len(out)
			}
		default:
			if rooted && len(out) != 1 || !rooted && len(out) != 0 {
				out = append(out, '/')
			}
			for ; r < n && path[r] != '/'; r++ {
				out = append(out, path[r])
			}
		}
	}
	if len(out) == 0 {
		return "."
	}
	return string(out)
}

// Join joins any number of path elements into a single path, separating
// them with slashes and cleaning the result; empty elements are ignored,
// and the result is "" if all are empty.
func Join(elem ...string) string {
	size := 0
	for _, e := range elem {
		size += len(e)
	}
	if size == 0 {
		return ""
	}
	var b strings.Builder
	for _, e := range elem {
		if e == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('/')
		}
		b.WriteString(e)
	}
	if b.Len() == 0 {
		return ""
	}
	return Clean(b.String())
}

// Split splits path immediately after the final slash into a directory
// and a file name component.
func Split(path string) (dir, file string) {
	i := strings.LastIndex(path, "/")
	return path[:i+1], path[i+1:]
}

// Ext returns the file name extension: the suffix beginning at the final
// dot in the final slash-separated element, or "".
func Ext(path string) string {
	for i := len(path) - 1; i >= 0 && path[i] != '/'; i-- {
		if path[i] == '.' {
			return path[i:]
		}
	}
	return ""
}

// Base returns the last element of path, without trailing slashes: "."
// for an empty path and "/" for a path of only slashes.
func Base(path string) string {
	if path == "" {
		return "."
	}
	for len(path) > 0 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	if i := strings.LastIndex(path, "/"); i >= 0 {
		path = path[i+1:]
	}
	if path == "" {
		return "/"
	}
	return path
}

// IsAbs reports whether the path is absolute.
func IsAbs(path string) bool { return len(path) > 0 && path[0] == '/' }

// Dir returns all but the last element of path, cleaned.
func Dir(path string) string {
	dir, _ := Split(path)
	return Clean(dir)
}

// Match reports whether name matches the shell pattern: '*' matches any
// sequence of non-slash characters, '?' any single non-slash character,
// '[...]' a character class (with ranges and '^' negation), and '\\'
// escapes the next character. The only error is ErrBadPattern, for a
// malformed pattern, which is reported whether or not name matches.
func Match(pattern, name string) (matched bool, err error) {
	if !wellFormed(pattern) {
		return false, ErrBadPattern
	}
	return match(pattern, name), nil
}

// match matches a well-formed pattern against name.
func match(p, s string) bool {
	const sep = '/'
	for len(p) > 0 {
		switch p[0] {
		case '*':
			for len(p) > 0 && p[0] == '*' {
				p = p[1:]
			}
			if len(p) == 0 {
				return strings.IndexByte(s, sep) < 0
			}
			for i := 0; ; {
				if match(p, s[i:]) {
					return true
				}
				if i == len(s) || s[i] == sep {
					return false
				}
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			}
		case '?':
			if len(s) == 0 || s[0] == sep {
				return false
			}
			_, n := utf8.DecodeRuneInString(s)
			s, p = s[n:], p[1:]
		case '[':
			if len(s) == 0 || s[0] == sep {
				return false
			}
			r, n := utf8.DecodeRuneInString(s)
			in, rest, _ := class(p[1:], r)
			if !in {
				return false
			}
			s, p = s[n:], rest
		default:
			if p[0] == '\\' {
				p = p[1:]
			}
			pr, pn := utf8.DecodeRuneInString(p)
			sr, sn := utf8.DecodeRuneInString(s)
			if len(s) == 0 || pr != sr {
				return false
			}
			s, p = s[sn:], p[pn:]
		}
	}
	return len(s) == 0
}

// class matches r against the character class at the start of p (just
// after its '['); it returns whether r is in the class, the pattern after
// the closing ']', and whether the class is well formed.
func class(p string, r rune) (in bool, rest string, ok bool) {
	negate := false
	if len(p) > 0 && p[0] == '^' {
		negate, p = true, p[1:]
	}
	for first := true; ; first = false {
		if len(p) == 0 {
			return false, "", false
		}
		if p[0] == ']' && !first {
			return in != negate, p[1:], true
		}
		lo, rest, ok := classChar(p)
		if !ok {
			return false, "", false
		}
		p = rest
		hi := lo
		if len(p) > 0 && p[0] == '-' {
			if hi, p, ok = classChar(p[1:]); !ok {
				return false, "", false
			}
		}
		if lo <= r && r <= hi {
			in = true
		}
	}
}

// classChar reads one (possibly escaped) character of a class.
func classChar(p string) (r rune, rest string, ok bool) {
	if len(p) == 0 || p[0] == '-' || p[0] == ']' {
		return 0, "", false
	}
	if p[0] == '\\' {
		p = p[1:]
		if len(p) == 0 {
			return 0, "", false
		}
	}
	r, n := utf8.DecodeRuneInString(p)
	if r == utf8.RuneError && n == 1 {
		return 0, "", false
	}
	return r, p[n:], true
}

// wellFormed reports whether every class and escape of the pattern is
// complete.
func wellFormed(p string) bool {
	for len(p) > 0 {
		switch p[0] {
		case '\\':
			if len(p) < 2 {
				return false
			}
			_, n := utf8.DecodeRuneInString(p[1:])
			p = p[1+n:]
		case '[':
			_, rest, ok := class(p[1:], -1)
			if !ok {
				return false
			}
			p = rest
		default:
			p = p[1:]
		}
	}
	return true
}
