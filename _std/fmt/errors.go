package fmt

import "errors"

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
