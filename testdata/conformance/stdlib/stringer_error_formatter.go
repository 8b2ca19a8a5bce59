package main

import (
	"fmt"
	"strings"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Vec struct{ X, Y int }

func (v *Vec) String() string { return fmt.Sprintf("<%d,%d>", v.X, v.Y) }

type NotFound struct{ Name string }

func (e NotFound) Error() string { return e.Name + " not found" }

// Error takes precedence over String.
type Both struct{}

func (Both) Error() string  { return "as error" }
func (Both) String() string { return "as stringer" }

type Money struct {
	Cents int64
}

func (m Money) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v', 's':
		if f.Flag('+') {
			fmt.Fprintf(f, "Money{%d}", m.Cents)
			return
		}
		fmt.Fprintf(f, "$%d.%02d", m.Cents/100, m.Cents%100)
	case 'd':
		w, ok := f.Width()
		s := fmt.Sprint(m.Cents)
		if ok && len(s) < w {
			s = strings.Repeat("_", w-len(s)) + s
		}
		f.Write([]byte(s))
	default:
		fmt.Fprintf(f, "%%!%c(Money)", verb)
	}
}

type GoStr struct{ A int }

func (g GoStr) GoString() string { return "GoStr!" }

func main() {
	t := Temp(21.55)
	fmt.Println(t)
	fmt.Printf("%v %s %d %q\n", t, t, t, t)
	fmt.Println([]Temp{1, 2.25})
	fmt.Println(map[string]Temp{"in": 20})

	v := Vec{1, 2}
	fmt.Println(v, &v)
	fmt.Printf("%v %v %+v\n", v, &v, &v)

	var e error = NotFound{"key"}
	fmt.Println(e)
	fmt.Printf("%v|%s|%q|%+v|%#v\n", e, e, e, e, e)
	fmt.Println(Both{})

	m := Money{12345}
	fmt.Println(m)
	fmt.Printf("%v|%+v|%s|%8d|%d|%x\n", m, m, m, m, m, m)
	fmt.Println(fmt.Sprint(m), fmt.Sprintf("%v", []Money{{5}, {250}}))

	fmt.Printf("%#v %v\n", GoStr{1}, GoStr{1})

	// Stringer inside a struct field is used by %v.
	type Reading struct {
		Where string
		T     Temp
	}
	fmt.Printf("%v %+v\n", Reading{"lab", 3}, Reading{"lab", 3})

	// Nil pointer Stringer: fmt reports <nil>.
	var nv *Vec
	fmt.Println(nv)
	fmt.Printf("[%v]\n", nv)
}

// Output:
// 21.6°C
// 21.6°C 21.6°C %!d(main.Temp=21.55) "21.6°C"
// [1.0°C 2.2°C]
// map[in:20.0°C]
// {1 2} <1,2>
// {1 2} <1,2> <1,2>
// key not found
// key not found|key not found|"key not found"|key not found|main.NotFound{Name:"key"}
// as error
// $123.45
// $123.45|Money{12345}|$123.45|___12345|12345|%!x(Money)
// $123.45 [$0.05 $2.50]
// GoStr! {1}
// {lab 3.0°C} {Where:lab T:3.0°C}
// <nil>
// [<nil>]
