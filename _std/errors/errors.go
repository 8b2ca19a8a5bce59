// Package errors is spindle's guest errors package.
package errors

// New returns an error that formats as the given text.
func New(text string) error {
	return &errorString{text}
}

type errorString struct {
	s string
}

func (e *errorString) Error() string {
	return e.s
}
