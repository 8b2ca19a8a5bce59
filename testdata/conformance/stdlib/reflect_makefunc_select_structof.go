// reflect.MakeFunc, FuncOf, StructOf, ArrayOf and Select over spindle's
// values: functions built at run time, types built at run time and
// identical to the compiler's, and a select over channels chosen at run
// time.
package main

import (
	"fmt"
	"reflect"
	"strings"
)

func main() {
	swap := func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[1], in[0]} }
	var intSwap func(int, int) (int, int)
	fn := reflect.ValueOf(&intSwap).Elem()
	fn.Set(reflect.MakeFunc(fn.Type(), swap))
	fmt.Println(intSwap(1, 2))
	var strSwap func(string, string) (string, string)
	reflect.ValueOf(&strSwap).Elem().Set(reflect.MakeFunc(reflect.TypeOf(strSwap), swap))
	fmt.Println(strSwap("a", "b"))

	join := reflect.MakeFunc(reflect.TypeOf(func(string, ...string) string { return "" }), func(in []reflect.Value) []reflect.Value {
		parts := in[1].Interface().([]string)
		return []reflect.Value{reflect.ValueOf(strings.Join(parts, in[0].String()))}
	}).Interface().(func(string, ...string) string)
	fmt.Println(join("-", "a", "b", "c"))

	ft := reflect.FuncOf([]reflect.Type{reflect.TypeOf(0)}, []reflect.Type{reflect.TypeOf("")}, false)
	fmt.Println(ft, ft == reflect.TypeOf(func(int) string { return "" }))
	at := reflect.ArrayOf(3, reflect.TypeOf(byte(0)))
	fmt.Println(at, at == reflect.TypeOf([3]byte{}), reflect.Zero(at).Len())

	st := reflect.StructOf([]reflect.StructField{
		{Name: "Name", Type: reflect.TypeOf(""), Tag: `json:"name"`},
		{Name: "Age", Type: reflect.TypeOf(0)},
	})
	sv := reflect.New(st).Elem()
	sv.Field(0).SetString("Ann")
	sv.Field(1).SetInt(30)
	fmt.Println(st, st.Field(0).Tag.Get("json"), st == reflect.TypeOf(struct {
		Name string `json:"name"`
		Age  int
	}{}))
	fmt.Printf("%+v\n", sv.Interface())

	a, b := make(chan int, 1), make(chan string, 1)
	b <- "hello"
	cases := []reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(a)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(b)},
	}
	i, v, ok := reflect.Select(cases)
	fmt.Println(i, v, ok)
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectDefault})
	i, _, _ = reflect.Select(cases)
	fmt.Println(i)
	i, _, _ = reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(a), Send: reflect.ValueOf(7)}})
	fmt.Println(i, <-a)
	go func() { a <- 42 }()
	i, v, ok = reflect.Select(cases[:1])
	fmt.Println(i, v, ok)
	close(b)
	i, v, ok = reflect.Select(cases[1:2])
	fmt.Println(i, v.String() == "", ok)
	ch := reflect.MakeChan(reflect.TypeOf(a), 2)
	ch.Send(reflect.ValueOf(5))
	x, ok := ch.Recv()
	fmt.Println(x, ok, ch.Len(), ch.Cap())
}

// Output:
// 2 1
// b a
// a-b-c
// func(int) string true
// [3]uint8 true 3
// struct { Name string "json:\"name\""; Age int } name true
// {Name:Ann Age:30}
// 1 hello true
// 2
// 0 7
// 0 42 true
// 0 true false
// 5 true 0 2
