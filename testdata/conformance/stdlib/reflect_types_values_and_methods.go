// reflect over spindle's own types and values: struct fields with tags,
// offsets and embedding, setting through pointers, maps, slices, method
// calls through Value.Call, conversions, DeepEqual, and Go's panic texts.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

type Inner struct {
	N []int
}

type T struct {
	A int    `json:"a,omitempty" xml:"x"`
	B string `json:"b"`
	c bool
	Inner
	P *Inner
	M map[string]float64
	F float32
	U uint8
}

func (t T) Hello(x int) string { return fmt.Sprint("hello ", t.B, x) }
func (t *T) Set(s string)      { t.B = s }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

func main() {
	t := T{A: 1, B: "x", Inner: Inner{N: []int{1, 2}}, M: map[string]float64{"k": 1.5}}
	rt := reflect.TypeOf(t)
	fmt.Println(rt, rt.Kind(), rt.Name(), rt.PkgPath(), rt.NumField(), rt.Size(), rt.Align())
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		fmt.Printf("%s %v %q %v %v %d %v %q\n", f.Name, f.Type, f.Tag.Get("json"), f.Anonymous, f.IsExported(), f.Offset, f.Index, f.PkgPath)
	}
	x, ok := rt.Field(0).Tag.Lookup("xml")
	fmt.Println(x, ok)
	sf, ok := rt.FieldByName("N")
	fmt.Println(sf.Name, sf.Index, ok)
	var visible []string
	for _, f := range reflect.VisibleFields(rt) {
		visible = append(visible, fmt.Sprint(f.Name, f.Index))
	}
	fmt.Println(strings.Join(visible, " "))

	v := reflect.ValueOf(&t).Elem()
	v.Field(0).SetInt(42)
	v.FieldByName("B").SetString("y")
	v.FieldByName("F").SetFloat(0.1)
	v.FieldByName("U").SetUint(300)
	fmt.Println(t.A, t.B, t.F, t.U, v.Field(2).CanSet(), v.Field(0).CanSet(), v.Field(2).CanInterface())
	fmt.Println(v.FieldByName("N").Len(), v.FieldByName("N").Index(1).Int())
	v.FieldByName("N").Index(1).SetInt(7)
	fmt.Println(t.N)
	m := v.FieldByName("M")
	m.SetMapIndex(reflect.ValueOf("z"), reflect.ValueOf(2.5))
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	fmt.Println(t.M, m.MapIndex(reflect.ValueOf("k")).Float(), keys, m.MapIndex(reflect.ValueOf("none")).IsValid())
	it := m.MapRange()
	sum := 0.0
	for it.Next() {
		sum += it.Value().Float()
	}
	fmt.Println(sum)

	fmt.Println(rt.NumMethod(), reflect.PointerTo(rt).NumMethod(), rt.Method(0).Name, rt.Method(0).Type)
	out := v.MethodByName("Hello").Call([]reflect.Value{reflect.ValueOf(3)})
	fmt.Println(out[0].String(), v.MethodByName("Hello").Type())
	v.Addr().MethodByName("Set").Call([]reflect.Value{reflect.ValueOf("set")})
	fmt.Println(t.B)
	fmt.Println(rt.Method(0).Func.Call([]reflect.Value{reflect.ValueOf(t), reflect.ValueOf(5)})[0])

	fmt.Println(reflect.DeepEqual([]int{1, 2}, []int{1, 2}), reflect.DeepEqual(map[string]int{"a": 1}, map[string]int{"a": 2}),
		reflect.DeepEqual(t, t), reflect.DeepEqual([]any{1, "a"}, []any{1, "a"}), reflect.DeepEqual(nil, nil), reflect.DeepEqual(1, int64(1)))

	s := reflect.MakeSlice(reflect.TypeOf([]string{}), 0, 2)
	s = reflect.Append(s, reflect.ValueOf("a"), reflect.ValueOf("b"), reflect.ValueOf("c"))
	fmt.Println(s.Interface(), s.Len(), s.Cap(), s.Slice(1, 3))
	p := reflect.New(reflect.TypeOf(0))
	p.Elem().SetInt(9)
	fmt.Println(*(p.Interface().(*int)), p.Type(), reflect.Zero(rt).Field(1).String() == "")

	errType := reflect.TypeOf((*error)(nil)).Elem()
	strType := reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
	fmt.Println(errType.Kind(), errType.NumMethod(), reflect.TypeOf(errors.New("x")).Implements(errType),
		reflect.TypeOf(Celsius(0)).Implements(strType), rt.Implements(strType))
	c := reflect.ValueOf(36.6).Convert(reflect.TypeOf(Celsius(0)))
	fmt.Println(c, c.Type(), c.Interface())
	f := reflect.ValueOf(3.9).Convert(reflect.TypeOf(int8(0)))
	fmt.Println(f.Int(), f.Type(), reflect.ValueOf("hé").Convert(reflect.TypeOf([]byte(nil))).Bytes())
	fmt.Println(reflect.TypeOf(map[string][]*T{}), reflect.SliceOf(rt), reflect.MapOf(reflect.TypeOf(""), rt).Elem() == rt,
		reflect.TypeOf(make(chan<- int)).ChanDir(), reflect.TypeOf(fmt.Printf).IsVariadic())
	fmt.Println(reflect.ValueOf(fmt.Sprintf).Call([]reflect.Value{reflect.ValueOf("%d-%s"), reflect.ValueOf(1), reflect.ValueOf("x")})[0])

	arr := [3]int{1, 2, 3}
	av := reflect.ValueOf(&arr).Elem()
	reflect.Copy(av, reflect.ValueOf([]int{9, 8}))
	fmt.Println(arr, av.Index(2).CanSet(), reflect.ValueOf(arr).Index(0).CanSet())
	var e any = &t
	fmt.Println(reflect.ValueOf(e).Elem().Field(1), reflect.Indirect(reflect.ValueOf(e)).Type())
	fmt.Println(reflect.ValueOf([]int(nil)).IsNil(), reflect.ValueOf(T{}).IsZero(), reflect.ValueOf(t).IsZero())

	for _, bad := range []func(){
		func() { reflect.ValueOf("s").Int() },
		func() { reflect.ValueOf(t).Field(0).SetInt(1) },
		func() { reflect.ValueOf(&t).Elem().Field(2).SetBool(true) },
		func() { reflect.ValueOf(1).Elem() },
		func() { reflect.ValueOf([]int{}).Index(3) },
		func() { reflect.TypeOf(1).Elem() },
		func() { reflect.Value{}.Type() },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			bad()
		}()
	}
}

// Output:
// main.T struct T main 8 80 8
// A int "a,omitempty" false true 0 [0] ""
// B string "b" false true 8 [1] ""
// c bool "" false false 24 [2] "main"
// Inner main.Inner "" true true 32 [3] ""
// P *main.Inner "" false true 56 [4] ""
// M map[string]float64 "" false true 64 [5] ""
// F float32 "" false true 72 [6] ""
// U uint8 "" false true 76 [7] ""
// x true
// N [3 0] true
// A[0] B[1] c[2] Inner[3] N[3 0] P[4] M[5] F[6] U[7]
// 42 y 0.1 44 false true false
// 2 2
// [1 7]
// map[k:1.5 z:2.5] 1.5 [k z] false
// 4
// 1 2 Hello func(main.T, int) string
// hello y3 func(int) string
// set
// hello set5
// true false true true true false
// [a b c] 3 4 [b c]
// 9 *int true
// interface 1 true true false
// 36.6°C main.Celsius 36.6°C
// 3 int8 [104 195 169]
// map[string][]*main.T []main.T true chan<- true
// 1-x
// [9 8 3] true false
// set main.T
// true true false
// panic: reflect: call of reflect.Value.Int on string Value
// panic: reflect: reflect.Value.SetInt using unaddressable value
// panic: reflect: reflect.Value.SetBool using value obtained using unexported field
// panic: reflect: call of reflect.Value.Elem on int Value
// panic: reflect: slice index out of range
// panic: reflect: Elem of invalid type int
// panic: reflect: call of reflect.Value.Type on zero Value
