// reflect's flag and binding rules: fields promoted through embedded
// unexported structs stay settable (json.Unmarshal fills them), methods of
// types reached through signatures can be called, cyclic slices compare,
// CallSlice, late-bound method receivers, -0 is zero, Grow keeps spare
// capacity, and Values of different scalars differ.
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

type A struct{ X int }
type B struct{ A }
type C struct{ A }
type D struct {
	B
	C
}

type inner struct{ A int }
type Outer struct {
	inner
	B int
}
type Outer2 struct {
	*inner
	B int
}

type Msg struct{ s string }

func (m Msg) String() string { return "Msg(" + m.s + ")" }
func (m Msg) Upper() string  { return strings.ToUpper(m.s) }

type Svc struct{}

func (Svc) Get() Msg { return Msg{"hi"} }

type T struct{ N int }

func (t T) Get() int { return t.N }
func (T) Sum(xs ...int) (s int) {
	for _, x := range xs {
		s += x
	}
	return
}

func main() {
	f, ok := reflect.TypeOf(D{}).FieldByName("X")
	fmt.Println(f.Index, ok)
	var o Outer
	fmt.Println(reflect.ValueOf(&o).Elem().Field(0).Field(0).CanSet(), json.Unmarshal([]byte(`{"A":5,"B":6}`), &o), o.A, o.B)
	o2 := Outer2{inner: &inner{}}
	fmt.Println(json.Unmarshal([]byte(`{"A":7}`), &o2), o2.A)
	v := reflect.ValueOf(Svc{}).MethodByName("Get").Call(nil)[0]
	s, _ := v.Interface().(fmt.Stringer)
	fmt.Println(s.String(), v)
	type L []any
	a := L{nil}
	a[0] = a
	b := L{nil}
	b[0] = b
	fmt.Println(reflect.DeepEqual(a, b))
	fmt.Println(reflect.ValueOf(T{}).MethodByName("Sum").CallSlice([]reflect.Value{reflect.ValueOf([]int{10, 20})})[0])
	t2 := T{3}
	mv := reflect.ValueOf(&t2).Elem().MethodByName("Get")
	t2.N = 4
	fmt.Println(mv.Call(nil)[0])
	fmt.Println(reflect.ValueOf(-0.0).IsZero(), reflect.ValueOf([1]float64{-0.0}).IsZero())
	g := make([]int32, 1, 2)
	g[:2][1] = 5
	gv := reflect.ValueOf(&g).Elem()
	gv.Grow(10)
	gv.SetLen(3)
	fmt.Println(g)
	fmt.Println(reflect.ValueOf(1) == reflect.ValueOf(2))
	x := 5
	fmt.Println(reflect.ValueOf(&x).UnsafePointer() != nil)
	for _, bad := range []func(){
		func() { reflect.TypeOf(func() {}).In(0) },
		func() { var f func(); reflect.ValueOf(f).Call(nil) },
		func() { reflect.ValueOf(&x).Elem().Set(reflect.ValueOf("s")) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			bad()
		}()
	}
}

// Output:
// [] false
// true <nil> 5 6
// <nil> 7
// Msg(hi) Msg(hi)
// true
// 30
// 4
// true true
// [0 5 0]
// false
// true
// panic: runtime error: index out of range [0] with length 0
// panic: reflect.Value.Call: call of nil function
// panic: reflect.Set: value of type string is not assignable to type int
