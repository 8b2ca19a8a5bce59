package vm

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// Guest run-time errors travel through the dispatch loop as Go panics of
// these types; handlePanic (panic.go) turns them into guest panics. Anything else
// that panics inside the VM is a spindle bug.

// GuestPanic is a guest panic in flight; Val is an interface value.
type GuestPanic struct {
	Val Value
}

// rtError is a run-time error raised by the VM. It becomes a value of the
// guest type runtime.Error (Program.RuntimeErrorType); plain errors have no
// "runtime error: " prefix (nil map writes, channel misuse).
type rtError struct {
	msg   string
	plain bool
}

// fatalError ends the program like Go's runtime.throw: not recoverable.
// limit is the run limit it reports passing (limits.go), if any.
type fatalError struct {
	msg   string
	limit Limit
}

// exitSignal ends the program with a status (os.Exit).
type exitSignal struct{ code int }

// goexitSignal ends the calling fiber after its deferred calls run.
type goexitSignal struct{ cancel bool }

// Goexit returns a panic value that ends the calling fiber (runtime.Goexit).
func Goexit() any { return &goexitSignal{} }

// bugError is a spindle invariant violation.
type bugError struct{ msg string }

var (
	errDivide = runtimeError("integer divide by zero")
	errNil    = runtimeError("invalid memory address or nil pointer dereference")
)

func runtimeError(msg string) *rtError { return &rtError{msg: "runtime error: " + msg} }

func plainError(msg string) *rtError { return &rtError{msg: msg, plain: true} }

// RuntimeError returns a panic value for host functions: a guest
// runtime.Error with "runtime error: " + msg.
func RuntimeError(msg string) any { return runtimeError(msg) }

// PlainError returns a guest runtime.Error whose text is msg.
func PlainError(msg string) any { return plainError(msg) }

// Fatal returns a panic value that ends the program like Go's fatal errors.
func Fatal(msg string) any { return &fatalError{msg: msg} }

// Exit returns a panic value that ends the program with code (os.Exit).
func Exit(code int) any { return &exitSignal{code} }

func bugf(format string, args ...any) *bugError {
	return &bugError{msg: fmt.Sprintf(format, args...)}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// indexErrorAt is indexError for the instruction at pc of fn, whose index
// may be of an unsigned type (Func.UnsignedIndex).
func indexErrorAt(fn *Func, pc int32, i uint64, n int) *rtError {
	if _, unsigned := slices.BinarySearch(fn.UnsignedIndex, pc); unsigned && int64(i) < 0 {
		return runtimeError("index out of range [" + strconv.FormatUint(i, 10) + "] with length " + strconv.Itoa(n))
	}
	return indexError(int64(i), n)
}

func indexError(i int64, n int) *rtError {
	if i < 0 {
		return runtimeError("index out of range [" + strconv.FormatInt(i, 10) + "]")
	}
	return runtimeError("index out of range [" + strconv.FormatInt(i, 10) + "] with length " + strconv.Itoa(n))
}

// sliceError formats Go's "slice bounds out of range" texts; the format uses
// %x and %y for the two numbers, xu and yu say they are of unsigned types.
func sliceError(format string, x, y int64, xu, yu bool) *rtError {
	if x < 0 && !xu {
		// As gc: a negative bound is reported without the other one
		// ("[:-1]", "[-1:]", "[-1::]").
		format, _, _ = strings.Cut(format, " with")
		format = strings.ReplaceAll(format, "%y", "")
	}
	s := strings.ReplaceAll(format, "%x", boundText(x, xu))
	s = strings.ReplaceAll(s, "%y", boundText(y, yu))
	return runtimeError("slice bounds out of range " + s)
}

func boundText(v int64, unsigned bool) string {
	if unsigned {
		return strconv.FormatUint(uint64(v), 10)
	}
	return strconv.FormatInt(v, 10)
}

// assertError builds Go's "interface conversion" error. src is the static
// interface type, x the dynamic value (nil for a nil interface), want the
// asserted type.
func (m *Machine) assertError(src *Type, x *Iface, want *Type) *rtError {
	srcName := "interface {}"
	if src != nil {
		srcName = src.Name
	}
	if x == nil {
		return &rtError{msg: "interface conversion: " + srcName + " is nil, not " + want.Name}
	}
	if want.Kind == KInterface {
		missing := m.missingMethod(x.T, want)
		return &rtError{msg: "interface conversion: " + x.T.Name + " is not " + want.Name + ": missing method " + missing}
	}
	if x.T.Name == want.Name {
		return &rtError{msg: "interface conversion: " + srcName + " is " + x.T.Name + " (types from different scopes), not " + want.Name}
	}
	return &rtError{msg: "interface conversion: " + srcName + " is " + x.T.Name + ", not " + want.Name}
}

func (m *Machine) missingMethod(t, iface *Type) string {
	// Find the first method of iface missing from t.
	if x, ok := iface.GoType.Underlying().(*types.Interface); ok {
		for i := 0; i < x.NumMethods(); i++ {
			name := x.Method(i).Name()
			if t.Methods[name] == nil {
				return name
			}
		}
	}
	return "?"
}
