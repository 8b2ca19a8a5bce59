// encoding/json is Go's own package compiled from the toolchain's
// sources over spindle's reflect: struct tags, omitempty, embedded
// structs, custom (Un)Marshalers, TextMarshaler map keys, any values,
// json.Number, streams, and Go's error texts.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

type Base struct {
	ID      int `json:"id"`
	Created string
}

type Person struct {
	Base
	Name    string            `json:"name"`
	Age     int               `json:"age"`
	Emails  []string          `json:"emails"`
	Addr    *Address          `json:"addr,omitempty"`
	Tags    map[string]string `json:"tags"`
	private int
	Score   float64         `json:"score,string"`
	Raw     json.RawMessage `json:"raw"`
	Any     any             `json:"any"`
	Skip    string          `json:"-"`
	Level   Level           `json:"level"`
}

type Level int

func (l Level) MarshalJSON() ([]byte, error) {
	return json.Marshal([]string{"low", "mid", "high"}[l])
}

func (l *Level) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	switch s {
	case "low":
		*l = 0
	case "mid":
		*l = 1
	case "high":
		*l = 2
	default:
		return errors.New("bad level " + s)
	}
	return nil
}

type Point struct{ X, Y int }

func (p Point) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%d:%d", p.X, p.Y), nil }

func (p *Point) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "%d:%d", &p.X, &p.Y)
	return err
}

func main() {
	p := Person{Base: Base{ID: 7, Created: "today"}, Name: "Ann", Age: 30, Emails: []string{"a@x", "b@y"},
		Addr: &Address{Street: "Main"}, Tags: map[string]string{"z": "1", "a": "2"}, Score: 1.5,
		Raw: json.RawMessage(`{"k":[1,2]}`), Any: []any{1, "x<y>", nil, true}, Skip: "no", Level: 2}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)
	b, _ = json.MarshalIndent(map[string]any{"b": 1, "a": []int{1, 2}, "c": map[string]bool{}}, "", "  ")
	fmt.Println(string(b))

	var q Person
	err = json.Unmarshal([]byte(`{"id":3,"name":"Bob","age":41,"emails":["q"],"addr":{"street":"S","city":"C"},
		"tags":{"x":"y"},"score":"2.5","raw":{"a":1},"any":{"n":[1,2.5,"s"]},"level":"mid","Skip":"ignored"}`), &q)
	fmt.Printf("%+v %v %+v\n", q.Base, err, *q.Addr)
	fmt.Println(q.Name, q.Age, q.Emails, q.Tags, q.Score, string(q.Raw), q.Any, q.Level, q.Skip == "")

	var anyv any
	json.Unmarshal([]byte(`[1, {"a": null}, "s", false, 1e3]`), &anyv)
	fmt.Printf("%#v\n", anyv)

	pts := map[Point]string{{1, 2}: "a", {0, 5}: "b"}
	b, err = json.Marshal(pts)
	fmt.Println(string(b), err)
	var back map[Point]string
	fmt.Println(json.Unmarshal(b, &back), back)

	fmt.Println(json.Unmarshal([]byte(`{"age":"x"}`), &q))
	fmt.Println(json.Unmarshal([]byte(`{"age":`), &q))
	fmt.Println(json.Unmarshal([]byte(`{"level":"top"}`), &q))
	var se *json.SyntaxError
	err = json.Unmarshal([]byte(`[1,,2]`), &anyv)
	fmt.Println(err, errors.As(err, &se), se.Offset)
	fmt.Println(json.Unmarshal([]byte(`{}`), nil))
	_, err = json.Marshal(map[string]any{"f": func() {}})
	fmt.Println(err)

	dec := json.NewDecoder(strings.NewReader(`{"n": 12345678901234567890} {"n": 1.5}`))
	dec.UseNumber()
	for {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			fmt.Println(err)
			break
		}
		n := m["n"].(json.Number)
		fmt.Println(n, n.String())
	}
	dec = json.NewDecoder(strings.NewReader(`{"a": 1, "zz": 2}`))
	dec.DisallowUnknownFields()
	var only struct{ A int }
	fmt.Println(dec.Decode(&only), only.A)

	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	enc.Encode(struct {
		X int
		Y []byte
		Z *int
		W [2]float32
	}{3, []byte("hi"), nil, [2]float32{0.5, 1e21}})
	enc = json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.Encode("<a&b>")

	var buf bytes.Buffer
	json.Indent(&buf, []byte(`{"a":[1,2],"b":{}}`), ">", "\t")
	fmt.Println(buf.String(), json.Valid([]byte(`{"a":}`)), json.Valid([]byte(`[]`)))
}

// Output:
// {"id":7,"Created":"today","name":"Ann","age":30,"emails":["a@x","b@y"],"addr":{"street":"Main"},"tags":{"a":"2","z":"1"},"score":"1.5","raw":{"k":[1,2]},"any":[1,"x\u003cy\u003e",null,true],"level":"high"} <nil>
// {
//   "a": [
//     1,
//     2
//   ],
//   "b": 1,
//   "c": {}
// }
// {ID:3 Created:} <nil> {Street:S City:C}
// Bob 41 [q] map[x:y] 2.5 {"a":1} map[n:[1 2.5 s]] 1 true
// []interface {}{1, map[string]interface {}{"a":interface {}(nil)}, "s", false, 1000}
// {"0:5":"b","1:2":"a"} <nil>
// <nil> map[{0 5}:b {1 2}:a]
// json: cannot unmarshal string into Go struct field Person.age of type int
// unexpected end of JSON input
// bad level top
// invalid character ',' looking for beginning of value true 4
// json: Unmarshal(nil)
// json: unsupported type: func()
// 12345678901234567890 12345678901234567890
// 1.5 1.5
// EOF
// json: unknown field "zz" 1
// {
//  "X": 3,
//  "Y": "aGk=",
//  "Z": null,
//  "W": [
//   0.5,
//   1e+21
//  ]
// }
// "<a&b>"
// {
// >	"a": [
// >		1,
// >		2
// >	],
// >	"b": {}
// >} false true
