// Package fmt is spindle's guest fmt package: Go's formatted I/O, with the
// formatting engine implemented by the host. Missing: Scanner and
// ScanState support for user types in the scanning functions (Sscan and
// friends read only the basic types), and Appendf/Printf only ever call
// an io.Writer's Write once per call, as Go does.
package fmt

import (
	"io"
	"os"
)

// State represents the printer state passed to custom formatters.
type State interface {
	Write(b []byte) (n int, err error)
	Width() (wid int, ok bool)
	Precision() (prec int, ok bool)
	Flag(c int) bool
}

// Formatter is implemented by any value that has a Format method.
type Formatter interface {
	Format(f State, verb rune)
}

// Stringer is implemented by any value that has a String method.
type Stringer interface {
	String() string
}

// GoStringer is implemented by any value that has a GoString method,
// which defines the Go syntax for that value (%#v).
type GoStringer interface {
	GoString() string
}

// pstate is the State handed to Format methods; p holds the host printer.
type pstate struct {
	p any
}

func (s *pstate) Write(b []byte) (n int, err error)
func (s *pstate) WriteString(str string) (n int, err error)
func (s *pstate) Width() (wid int, ok bool)
func (s *pstate) Precision() (prec int, ok bool)
func (s *pstate) Flag(c int) bool

func registerState(s State)

func init() {
	registerState(&pstate{})
}

// FormatString returns a string representing the fully qualified
// formatting directive captured by the State, followed by the verb.
func FormatString(state State, verb rune) string {
	b := []byte{'%'}
	for _, c := range " +-#0" {
		if state.Flag(int(c)) {
			b = append(b, byte(c))
		}
	}
	if w, ok := state.Width(); ok {
		b = append(b, itoa(w)...)
	}
	if p, ok := state.Precision(); ok {
		b = append(b, '.')
		b = append(b, itoa(p)...)
	}
	return string(b) + string(verb)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// Sprint formats using the default formats for its operands and returns
// the resulting string. Spaces are added between operands when neither
// is a string.
func Sprint(a ...any) string

// Sprintln formats using the default formats for its operands and returns
// the resulting string. Spaces are always added between operands and a
// newline is appended.
func Sprintln(a ...any) string

// Sprintf formats according to a format specifier and returns the
// resulting string.
func Sprintf(format string, a ...any) string

// fprint formats (kind 0 Print, 1 Println, 2 Printf) straight into w when
// w is an open *os.File or a Format method's State; ok is false when the
// caller must format and call w.Write itself.
func fprint(w io.Writer, kind int, format string, a []any) (n int, ok bool)

// Fprint formats using the default formats and writes to w.
func Fprint(w io.Writer, a ...any) (n int, err error) {
	if n, ok := fprint(w, 0, "", a); ok {
		return n, nil
	}
	return w.Write([]byte(Sprint(a...)))
}

// Fprintln formats using the default formats and writes to w, with spaces
// between operands and a trailing newline.
func Fprintln(w io.Writer, a ...any) (n int, err error) {
	if n, ok := fprint(w, 1, "", a); ok {
		return n, nil
	}
	return w.Write([]byte(Sprintln(a...)))
}

// Fprintf formats according to a format specifier and writes to w.
func Fprintf(w io.Writer, format string, a ...any) (n int, err error) {
	if n, ok := fprint(w, 2, format, a); ok {
		return n, nil
	}
	return w.Write([]byte(Sprintf(format, a...)))
}

// Print formats using the default formats and writes to standard output.
func Print(a ...any) (n int, err error) {
	if n, ok := fprint(os.Stdout, 0, "", a); ok {
		return n, nil
	}
	return Fprint(os.Stdout, a...)
}

// Println formats using the default formats and writes to standard
// output, with spaces between operands and a trailing newline.
func Println(a ...any) (n int, err error) {
	if n, ok := fprint(os.Stdout, 1, "", a); ok {
		return n, nil
	}
	return Fprintln(os.Stdout, a...)
}

// Printf formats according to a format specifier and writes to standard
// output.
func Printf(format string, a ...any) (n int, err error) {
	if n, ok := fprint(os.Stdout, 2, format, a); ok {
		return n, nil
	}
	return Fprintf(os.Stdout, format, a...)
}

// Append formats using the default formats and appends the result to b.
func Append(b []byte, a ...any) []byte {
	return append(b, Sprint(a...)...)
}

// Appendln formats like Println and appends the result to b.
func Appendln(b []byte, a ...any) []byte {
	return append(b, Sprintln(a...)...)
}

// Appendf formats according to a format specifier and appends the result
// to b.
func Appendf(b []byte, format string, a ...any) []byte {
	return append(b, Sprintf(format, a...)...)
}
