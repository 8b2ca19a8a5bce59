package fmt

import (
	"errors"
	"io"
	"os"
)

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
// fromReader, else from str. The error is io.EOF (code 1),
// io.ErrUnexpectedEOF (2), a new error with text msg (3) or the reader's
// own error rerr (4).
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
	return Fscan(os.Stdin, a...)
}

// Scanln is similar to Scan, but stops scanning at a newline and after the
// final item there must be a newline or EOF.
func Scanln(a ...any) (n int, err error) {
	return Fscanln(os.Stdin, a...)
}

// Scanf scans text read from standard input, storing successive
// space-separated values into successive arguments as determined by the
// format.
func Scanf(format string, a ...any) (n int, err error) {
	return Fscanf(os.Stdin, format, a...)
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
