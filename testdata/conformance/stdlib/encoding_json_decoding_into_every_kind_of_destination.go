// encoding/json decoding into every kind of destination: the plain
// fields, elements and map values spindle's decoder fast paths store
// directly, and the ones they leave to Go's code (methods on the type or
// its pointer, pointers, interfaces, json.Number, overflow, type
// mismatches, ",string"), with Go's errors and partial results.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Celsius float64

type Upper string

func (u *Upper) UnmarshalText(b []byte) error {
	*u = Upper(strings.ToUpper(string(b)))
	return nil
}

type Hex int

func (h *Hex) UnmarshalJSON(b []byte) error {
	_, err := fmt.Sscanf(strings.Trim(string(b), `"`), "%x", (*int)(h))
	return err
}

type Named string

func (n Named) String() string { return "named:" + string(n) }

type Inner struct {
	B  bool
	I8 int8
}

type All struct {
	I    int
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	U    uint
	U8   uint8
	U16  uint16
	U32  uint32
	U64  uint64
	F32  float32
	F64  float64
	B    bool
	S    string
	C    Celsius
	Up   Upper
	H    Hex
	N    Named
	Num  json.Number
	P    *int
	PP   **string
	Any  any
	Arr  [3]int
	Sl   []float32
	M    map[string]int8
	In   Inner
	PIn  *Inner
	Q    int    `json:",string"`
	QS   string `json:",string"`
	priv int
}

func decode(s string) {
	var a All
	a.priv = 7
	err := json.Unmarshal([]byte(s), &a)
	p := "nil"
	if a.P != nil {
		p = fmt.Sprint(*a.P)
	}
	pp := "nil"
	if a.PP != nil && *a.PP != nil {
		pp = **a.PP
	}
	pin := "nil"
	if a.PIn != nil {
		pin = fmt.Sprint(*a.PIn)
	}
	fmt.Printf("%v|%d %d %d %d %d|%d %d %d %d %d|%v %v %v %q %v %q %v %v %q %s %s %v %v %v %v %v %v %s %d %q %d\n",
		err, a.I, a.I8, a.I16, a.I32, a.I64, a.U, a.U8, a.U16, a.U32, a.U64, a.F32, a.F64, a.B, a.S, a.C, a.Up, a.H, a.N, a.Num,
		p, pp, a.Any, a.Arr, a.Sl, a.M, a.In, pin, fmt.Sprint(a.Num), a.Q, a.QS, a.priv)
}

func main() {
	decode(`{"I":-5,"I8":-128,"I16":32767,"I32":-2147483648,"I64":9223372036854775807,"U":1,"U8":255,"U16":65535,"U32":4294967295,"U64":18446744073709551615,
		"F32":3.14159265358979,"F64":1e308,"B":true,"S":"s\u00e9\n","C":-40.5,"Up":"shout","H":"ff","N":"plain","Num":12.50,
		"P":42,"PP":"deep","Any":{"x":[1,"y",null,true]},"Arr":[1,2,3,4],"Sl":[0.1,2.5e38],"M":{"a":1,"b":-2},"In":{"B":true,"I8":9},"PIn":{"I8":3},
		"Q":"17","QS":"\"quoted\"","priv":99}`)
	decode(`{"I8":128}`)
	decode(`{"U8":-1}`)
	decode(`{"U":1.5}`)
	decode(`{"I":1e3}`)
	decode(`{"F32":1e39}`)
	decode(`{"F64":1e309}`)
	decode(`{"B":"true"}`)
	decode(`{"S":5}`)
	decode(`{"I":"5"}`)
	decode(`{"B":1,"S":"after error still set"}`)
	decode(`{"Num":"not a number"}`)
	decode(`{"Num":"12"}`)
	decode(`{"Q":"x"}`)
	decode(`{"QS":"nope"}`)
	decode(`{"I":null,"S":null,"P":null,"M":null}`)
	decode(`{"Arr":[7],"Sl":[],"M":{}}`)
	decode(`{"In":{"I8":300}}`)
	decode(`{"H":17}`)
	decode(`{"Up":5}`)
	decode(`{"i":3,"s":"lower-case keys","b":true}`)
	var xs []int
	fmt.Println(json.Unmarshal([]byte(`[1,2,3,-4]`), &xs), xs)
	var m map[string]uint16
	fmt.Println(json.Unmarshal([]byte(`{"a":1,"b":70000,"c":3}`), &m), m)
	var fs [2]float32
	fmt.Println(json.Unmarshal([]byte(`[1.5,-0.25,9]`), &fs), fs)
	var b bool
	fmt.Println(json.Unmarshal([]byte(`false`), &b), b)
	var s string
	fmt.Println(json.Unmarshal([]byte(`"top\tlevel"`), &s), s)
	var n int
	fmt.Println(json.Unmarshal([]byte(`"7"`), &n), n)
	fmt.Println(json.Unmarshal([]byte(`7`), n))
	var iface any = &n
	fmt.Println(json.Unmarshal([]byte(`8`), iface), n)
	var c Celsius
	fmt.Println(json.Unmarshal([]byte(`-3.5`), &c), c)
	var h Hex
	fmt.Println(json.Unmarshal([]byte(`"1f"`), &h), h)
	var u Upper
	fmt.Println(json.Unmarshal([]byte(`"abc"`), &u), u)
	d := json.NewDecoder(strings.NewReader(`{"I":1} {"I":2.5} {"S":"x"}`))
	for {
		var a All
		if err := d.Decode(&a); err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%d %q\n", a.I, a.S)
	}
	d = json.NewDecoder(strings.NewReader(`{"I":1,"Zz":2}`))
	d.DisallowUnknownFields()
	var a All
	fmt.Println(d.Decode(&a), a.I)
	d = json.NewDecoder(strings.NewReader(`{"Any":12345678901234567890}`))
	d.UseNumber()
	fmt.Println(d.Decode(&a), a.Any)
}

// Output:
// <nil>|-5 -128 32767 -2147483648 9223372036854775807|1 255 65535 4294967295 18446744073709551615|3.1415927 1e+308 true "sé\n" -40.5 "SHOUT" 255 named:plain "12.50" 42 deep map[x:[1 y <nil> true]] [1 2 3] [0.1 2.5e+38] map[a:1 b:-2] {true 9} {false 3} 12.50 17 "quoted" 7
// json: cannot unmarshal number 128 into Go struct field All.I8 of type int8|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number -1 into Go struct field All.U8 of type uint8|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number 1.5 into Go struct field All.U of type uint|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number 1e3 into Go struct field All.I of type int|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number 1e39 into Go struct field All.F32 of type float32|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number 1e309 into Go struct field All.F64 of type float64|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal string into Go struct field All.B of type bool|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number into Go struct field All.S of type string|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal string into Go struct field All.I of type int|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number into Go struct field All.B of type bool|0 0 0 0 0|0 0 0 0 0|0 0 false "after error still set" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: invalid number literal, trying to unmarshal "\"not a number\"" into Number|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil>|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "12" nil nil <nil> [0 0 0] [] map[] {false 0} nil 12 0 "" 7
// json: invalid use of ,string struct tag, trying to unmarshal "x" into int|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: invalid use of ,string struct tag, trying to unmarshal "nope" into string|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil>|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil>|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [7 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number 300 into Go struct field Inner.In.I8 of type int8|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil>|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 23 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// json: cannot unmarshal number into Go struct field All.Up of type main.Upper|0 0 0 0 0|0 0 0 0 0|0 0 false "" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil>|3 0 0 0 0|0 0 0 0 0|0 0 true "lower-case keys" 0 "" 0 named: "" nil nil <nil> [0 0 0] [] map[] {false 0} nil  0 "" 7
// <nil> [1 2 3 -4]
// json: cannot unmarshal number 70000 into Go value of type uint16 map[a:1 b:0 c:3]
// <nil> [1.5 -0.25]
// <nil> false
// <nil> top	level
// json: cannot unmarshal string into Go value of type int 0
// json: Unmarshal(non-pointer int)
// <nil> 8
// <nil> -3.5
// <nil> 31
// <nil> ABC
// 1 ""
// json: cannot unmarshal number 2.5 into Go struct field All.I of type int
// json: unknown field "Zz" 1
// <nil> 12345678901234567890
