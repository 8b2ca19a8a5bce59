package main

import (
	"errors"
	"fmt"
)

type Celsius float64
type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("myerr %d", e.Code) }

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case uint8:
		return fmt.Sprintf("byte %d", x+1)
	case float64:
		return fmt.Sprintf("float %g", x*2)
	case Celsius:
		return fmt.Sprintf("celsius %.1f", float64(x))
	case string:
		return "string of len " + fmt.Sprint(len(x))
	case []int:
		return fmt.Sprintf("slice len %d", len(x))
	case *MyErr:
		if x == nil {
			return "typed nil *MyErr"
		}
		return "myerr code " + fmt.Sprint(x.Code)
	case error:
		return "error: " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	case func() int:
		return fmt.Sprint("func returning ", x())
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type S struct{}

func (S) String() string { return "S!" }

func main() {
	var nilErr *MyErr
	inputs := []any{nil, 42, int64(7), uint8(9), 1.5, Celsius(36.6), "hello", []int{1, 2},
		&MyErr{404}, errors.New("plain"), S{}, func() int { return 5 }, map[int]int{}, true, nilErr}
	for _, in := range inputs {
		fmt.Println(classify(in))
	}

	// Type switch without binding.
	for _, v := range []any{1, "a", 2.0} {
		switch v.(type) {
		case int, float64:
			fmt.Println("number")
		default:
			fmt.Println("not a number")
		}
	}

	// Switch on an interface-typed error variable.
	var err error = &MyErr{1}
	switch e := err.(type) {
	case interface{ Timeout() bool }:
		fmt.Println("timeout", e.Timeout())
	case *MyErr:
		fmt.Println("matched *MyErr", e.Code)
	}

	// Fallthrough is not permitted in type switch; case order matters.
	var st fmt.Stringer = S{}
	switch st.(type) {
	case fmt.Stringer:
		fmt.Println("first matching case wins")
	case S:
		fmt.Println("never")
	}
}

// Output:
// nil
// integer 42 (int)
// integer 7 (int64)
// byte 10
// float 3
// celsius 36.6
// string of len 5
// slice len 2
// myerr code 404
// error: plain
// stringer S!
// func returning 5
// other map[int]int
// other bool
// typed nil *MyErr
// number
// not a number
// number
// matched *MyErr 1
// first matching case wins
