package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

var ErrNotFound = errors.New("not found")

type QueryError struct {
	Query string
	Err   error
}

func (e *QueryError) Error() string { return "query " + e.Query + ": " + e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

type TempErr struct{ Code int }

func (t TempErr) Error() string   { return fmt.Sprintf("temporary (%d)", t.Code) }
func (t TempErr) Temporary() bool { return true }

func find(q string) error {
	return &QueryError{Query: q, Err: ErrNotFound}
}

func main() {
	err := find("users")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrNotFound), errors.Is(err, io.EOF))
	var qe *QueryError
	if errors.As(err, &qe) {
		fmt.Println("as QueryError:", qe.Query)
	}

	wrapped := fmt.Errorf("handler: %w", err)
	fmt.Println(wrapped)
	fmt.Println(errors.Is(wrapped, ErrNotFound), errors.Unwrap(wrapped) == err)
	fmt.Println(errors.Unwrap(errors.Unwrap(errors.Unwrap(wrapped))) == nil)

	notWrapped := fmt.Errorf("handler: %v", err)
	fmt.Println(notWrapped, errors.Is(notWrapped, ErrNotFound), errors.Unwrap(notWrapped))

	// Multiple %w.
	multi := fmt.Errorf("both: %w and %w", io.EOF, TempErr{7})
	fmt.Println(multi)
	fmt.Println(errors.Is(multi, io.EOF), errors.Unwrap(multi))
	var te TempErr
	fmt.Println(errors.As(multi, &te), te.Code)

	// errors.As to an interface type.
	var tmp interface{ Temporary() bool }
	fmt.Println(errors.As(fmt.Errorf("x: %w", TempErr{1}), &tmp), tmp.Temporary())

	// errors.Join.
	j := errors.Join(errors.New("first"), nil, errors.New("second"))
	fmt.Println(j)
	fmt.Printf("%q\n", j.Error())
	fmt.Println(errors.Join(nil, nil) == nil)
	j2 := errors.Join(ErrNotFound, io.ErrUnexpectedEOF)
	fmt.Println(errors.Is(j2, io.ErrUnexpectedEOF), errors.Is(j2, io.EOF))

	// Standard library error types.
	_, perr := strconv.Atoi("12a")
	var numErr *strconv.NumError
	fmt.Println(errors.As(perr, &numErr), numErr.Func, numErr.Num, numErr.Err == strconv.ErrSyntax)
	_, ferr := os.Open("/definitely/not/here.txt")
	fmt.Println(errors.Is(ferr, os.ErrNotExist))
	var pathErr *os.PathError
	if errors.As(ferr, &pathErr) {
		fmt.Println(pathErr.Op, pathErr.Path)
	}

	// Comparing sentinel errors and nil error interfaces.
	var e1 error
	var qnil *QueryError
	fmt.Println(e1 == nil, errors.Is(nil, ErrNotFound), qnil == nil)
	fmt.Printf("%v %T\n", ErrNotFound, ErrNotFound)
	fmt.Printf("%v %T\n", wrapped, wrapped)
	fmt.Printf("%T\n", multi)
}

// Output:
// query users: not found
// true false
// as QueryError: users
// handler: query users: not found
// true true
// true
// handler: query users: not found false <nil>
// both: EOF and temporary (7)
// true <nil>
// true 7
// true true
// first
// second
// "first\nsecond"
// true
// true false
// true Atoi 12a true
// true
// open /definitely/not/here.txt
// true false true
// not found *errors.errorString
// handler: query users: not found *fmt.wrapError
// *fmt.wrapErrors
