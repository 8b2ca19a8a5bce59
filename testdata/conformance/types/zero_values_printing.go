package main

import "fmt"

type Inner struct {
	A int
	B string
}

type All struct {
	I   int
	F   float64
	S   string
	B   bool
	P   *int
	Sl  []int
	M   map[string]int
	Ch  chan int
	Fn  func()
	E   error
	Any any
	In  Inner
	Arr [2]bool
	R   rune
	By  byte
	C   complex64
}

func main() {
	var a All
	fmt.Printf("%v\n", a)
	fmt.Printf("%+v\n", a)
	fmt.Printf("%#v\n", a.In)
	fmt.Printf("%#v %#v %#v %#v\n", a.Sl, a.M, a.S, a.Arr)
	fmt.Printf("%#v %#v %#v %#v\n", a.I, a.F, a.B, a.E)
	fmt.Println(a.P == nil, a.Sl == nil, a.M == nil, a.Ch == nil, a.Fn == nil, a.E == nil, a.Any == nil)

	in := Inner{A: 7, B: "q"}
	fmt.Printf("%v|%+v|%#v\n", in, in, in)
	pin := &in
	fmt.Printf("%v|%+v\n", pin, pin)

	type Anon = struct {
		X int
		Y []string
	}
	an := Anon{1, []string{"a"}}
	fmt.Printf("%v|%+v|%#v\n", an, an, an)

	fmt.Printf("%#v\n", []Inner{{1, "a"}})
	fmt.Printf("%#v\n", map[string]bool{"k": true})
	fmt.Printf("%#v %#v\n", 'x', "str")
	fmt.Printf("%#v %#v\n", uint8(3), 2.0)
	var ip any = Inner{}
	fmt.Printf("%v %+v\n", ip, ip)
	fmt.Printf("%v\n", [2][]int{})
	var nilp *Inner
	fmt.Printf("%v %+v\n", nilp, nilp)
	fmt.Println(struct{}{}, [0]int{}, []string{""})
}

// Output:
// {0 0  false <nil> [] map[] <nil> <nil> <nil> <nil> {0 } [false false] 0 0 (0+0i)}
// {I:0 F:0 S: B:false P:<nil> Sl:[] M:map[] Ch:<nil> Fn:<nil> E:<nil> Any:<nil> In:{A:0 B:} Arr:[false false] R:0 By:0 C:(0+0i)}
// main.Inner{A:0, B:""}
// []int(nil) map[string]int(nil) "" [2]bool{false, false}
// 0 0 false <nil>
// true true true true true true true
// {7 q}|{A:7 B:q}|main.Inner{A:7, B:"q"}
// &{7 q}|&{A:7 B:q}
// {1 [a]}|{X:1 Y:[a]}|struct { X int; Y []string }{X:1, Y:[]string{"a"}}
// []main.Inner{main.Inner{A:1, B:"a"}}
// map[string]bool{"k":true}
// 120 "str"
// 0x3 2
// {0 } {A:0 B:}
// [[] []]
// <nil> <nil>
// {} [] []
