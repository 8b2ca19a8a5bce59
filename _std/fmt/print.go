// Package fmt is spindle's guest fmt package: Go's formatted I/O. The
// printing engine is the host's (operands are walked the way Go's fmt
// walks them, leaves are formatted by the host fmt), and so is the
// scanner (Sscan and friends; Fscan reads a guest io.Reader through its
// methods). Missing: custom Scanner implementations (the scanning
// functions accept pointers to basic types only); map keys of interface
// type holding different dynamic types sort by type name, not by Go's
// type-descriptor address.
//
// Unlike Go's, this fmt does not import os, so a program that only prints
// does not type-check and compile os at start-up: os's init hands fmt its
// standard streams (bindStdio), and Print, Println and Printf write to the
// os.Stdout of the moment (printStd, stdio).
package fmt

import (
	"errors"
	"io"
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

// printStd is fprint for standard output: os.Stdout's descriptor when it
// is an open file, or descriptor 1 when package os is not part of the
// program; ok is false when the caller must call os.Stdout's Write itself
// (a nil or closed Stdout).
func printStd(kind int, format string, a []any) (n int, ok bool)

// stdio returns functions that return os.Stdin and os.Stdout, or nils when
// package os is not part of the program (or its init has not run yet, when
// the streams are still the process's own). os's init binds them; fmt does
// not import os.
func stdio() (stdin func() io.Reader, stdout func() io.Writer)

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
	if n, ok := printStd(0, "", a); ok {
		return n, nil
	}
	_, out := stdio()
	return Fprint(out(), a...)
}

// Println formats using the default formats and writes to standard
// output, with spaces between operands and a trailing newline.
func Println(a ...any) (n int, err error) {
	if n, ok := printStd(1, "", a); ok {
		return n, nil
	}
	_, out := stdio()
	return Fprintln(out(), a...)
}

// Printf formats according to a format specifier and writes to standard
// output.
func Printf(format string, a ...any) (n int, err error) {
	if n, ok := printStd(2, format, a); ok {
		return n, nil
	}
	_, out := stdio()
	return Fprintf(out(), format, a...)
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

// errorf formats like Errorf and returns the %w operand indexes to wrap
// (sorted and deduplicated when there are several).
func errorf(format string, a []any) (s string, wrapped []int)

// Errorf formats according to a format specifier and returns the string
// as a value that satisfies error. With one %w verb whose operand is an
// error, the result has an Unwrap() error method; with several, an
// Unwrap() []error method.
func Errorf(format string, a ...any) error {
	s, wrapped := errorf(format, a)
	switch len(wrapped) {
	case 0:
		return errors.New(s)
	case 1:
		w := &wrapError{msg: s}
		w.err, _ = a[wrapped[0]].(error)
		return w
	}
	var errs []error
	for _, i := range wrapped {
		if e, ok := a[i].(error); ok {
			errs = append(errs, e)
		}
	}
	return &wrapErrors{s, errs}
}

type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string {
	return e.msg
}

func (e *wrapError) Unwrap() error {
	return e.err
}

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string {
	return e.msg
}

func (e *wrapErrors) Unwrap() []error {
	return e.errs
}

// ScanState represents the scanner state passed to custom scanners.
// (Custom scanners are not supported by spindle's scanning functions.)
type ScanState interface {
	ReadRune() (r rune, size int, err error)
	UnreadRune() error
	SkipSpace()
	Token(skipSpace bool, f func(rune) bool) (token []byte, err error)
	Width() (wid int, ok bool)
	Read(buf []byte) (n int, err error)
}

// Scanner is implemented by any value that has a Scan method.
type Scanner interface {
	Scan(state ScanState, verb rune) error
}

// scan runs the host scanner: kind 0 Scan, 1 Scanln, 2 Scanf; from r when
// fromReader, else from str; kind|fromStdin reads descriptor 0 (package os
// is not part of the program). The error is io.EOF (code 1),
// io.ErrUnexpectedEOF (2), a new error with text msg (3) or the reader's
// own error rerr (4).
const fromStdin = 8

func scan(kind int, fromReader bool, r io.Reader, str, format string, a []any) (n int, code int, msg string, rerr error)

func scanErr(code int, msg string, rerr error) error {
	switch code {
	case 0:
		return nil
	case 1:
		return io.EOF
	case 2:
		return io.ErrUnexpectedEOF
	case 4:
		return rerr
	}
	return errors.New(msg)
}

// Scan scans text read from standard input, storing successive
// space-separated values into successive arguments. Newlines count as
// space.
func Scan(a ...any) (n int, err error) {
	if in, _ := stdio(); in != nil {
		return Fscan(in(), a...)
	}
	n, code, msg, rerr := scan(0|fromStdin, true, nil, "", "", a)
	return n, scanErr(code, msg, rerr)
}

// Scanln is similar to Scan, but stops scanning at a newline and after the
// final item there must be a newline or EOF.
func Scanln(a ...any) (n int, err error) {
	if in, _ := stdio(); in != nil {
		return Fscanln(in(), a...)
	}
	n, code, msg, rerr := scan(1|fromStdin, true, nil, "", "", a)
	return n, scanErr(code, msg, rerr)
}

// Scanf scans text read from standard input, storing successive
// space-separated values into successive arguments as determined by the
// format.
func Scanf(format string, a ...any) (n int, err error) {
	if in, _ := stdio(); in != nil {
		return Fscanf(in(), format, a...)
	}
	n, code, msg, rerr := scan(2|fromStdin, true, nil, "", format, a)
	return n, scanErr(code, msg, rerr)
}

// Sscan scans the argument string, storing successive space-separated
// values into successive arguments. Newlines count as space.
func Sscan(str string, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(0, false, nil, str, "", a)
	return n, scanErr(code, msg, rerr)
}

// Sscanln is similar to Sscan, but stops scanning at a newline and after
// the final item there must be a newline or EOF.
func Sscanln(str string, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(1, false, nil, str, "", a)
	return n, scanErr(code, msg, rerr)
}

// Sscanf scans the argument string, storing successive space-separated
// values into successive arguments as determined by the format.
func Sscanf(str string, format string, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(2, false, nil, str, format, a)
	return n, scanErr(code, msg, rerr)
}

// Fscan scans text read from r, storing successive space-separated values
// into successive arguments. Newlines count as space.
func Fscan(r io.Reader, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(0, true, r, "", "", a)
	return n, scanErr(code, msg, rerr)
}

// Fscanln is similar to Fscan, but stops scanning at a newline and after
// the final item there must be a newline or EOF.
func Fscanln(r io.Reader, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(1, true, r, "", "", a)
	return n, scanErr(code, msg, rerr)
}

// Fscanf scans text read from r, storing successive space-separated values
// into successive arguments as determined by the format.
func Fscanf(r io.Reader, format string, a ...any) (n int, err error) {
	n, code, msg, rerr := scan(2, true, r, "", format, a)
	return n, scanErr(code, msg, rerr)
}
