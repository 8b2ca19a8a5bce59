// Package errors is spindle's guest errors package: New, Is, As, AsType,
// Unwrap and Join with Go's semantics. Missing: nothing.
package errors

// New returns an error that formats as the given text. Each call to New
// returns a distinct error value even if the text is identical.
func New(text string) error {
	return &errorString{text}
}

type errorString struct {
	s string
}

func (e *errorString) Error() string {
	return e.s
}

// ErrUnsupported indicates that a requested operation cannot be performed,
// because it is unsupported.
var ErrUnsupported = New("unsupported operation")

// Unwrap returns the result of calling the Unwrap method on err, if err's
// type contains an Unwrap method returning error. Otherwise, Unwrap
// returns nil.
func Unwrap(err error) error {
	u, ok := err.(interface {
		Unwrap() error
	})
	if !ok {
		return nil
	}
	return u.Unwrap()
}

// comparable reports whether v's dynamic type is comparable.
func comparable(v any) bool

// Is reports whether any error in err's tree matches target.
func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return is(err, target, comparable(target))
}

func is(err, target error, targetComparable bool) bool {
	for {
		if targetComparable && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && is(err, target, targetComparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// asCheck validates As's target: 0 ok, 1 not a non-nil pointer, 2 the
// pointed-to type is neither an interface nor implements error.
func asCheck(target any) int

// asAssign stores err in *target if err's dynamic type is assignable to
// target's element type, and reports whether it did.
func asAssign(err error, target any) bool

// As finds the first error in err's tree that matches target, and if one
// is found, sets target to that error value and returns true.
func As(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	switch asCheck(target) {
	case 1:
		panic("errors: target must be a non-nil pointer")
	case 2:
		panic("errors: *target must be interface or implement error")
	}
	return as(err, target)
}

func as(err error, target any) bool {
	for {
		if asAssign(err, target) {
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && as(err, target) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// AsType finds the first error in err's tree that matches the type E, and
// if one is found, returns that error value and true.
func AsType[E error](err error) (E, bool) {
	var target E
	if err == nil {
		return target, false
	}
	if as(err, &target) {
		return target, true
	}
	return target, false
}

// Join returns an error that wraps the given errors. Any nil error values
// are discarded. Join returns nil if every value in errs is nil. The
// error formats as the concatenation of the strings obtained by calling
// the Error method of each element of errs, with a newline between each
// string.
func Join(errs ...error) error {
	n := 0
	for _, err := range errs {
		if err != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	e := &joinError{errs: make([]error, 0, n)}
	for _, err := range errs {
		if err != nil {
			e.errs = append(e.errs, err)
		}
	}
	return e
}

type joinError struct {
	errs []error
}

func (e *joinError) Error() string {
	if len(e.errs) == 1 {
		return e.errs[0].Error()
	}
	b := []byte(e.errs[0].Error())
	for _, err := range e.errs[1:] {
		b = append(b, '\n')
		b = append(b, err.Error()...)
	}
	return string(b)
}

func (e *joinError) Unwrap() []error {
	return e.errs
}
