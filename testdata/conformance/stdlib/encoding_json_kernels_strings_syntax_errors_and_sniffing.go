// encoding/json's string decoding and validity check, and net/http's
// content sniffing, which spindle runs as host kernels in front of (or in
// place of) Go's own code: escapes, surrogate pairs and lone surrogates,
// invalid UTF-8, the ",string" option's inner value (which skips the
// scanner), syntax errors with their offsets, and sniffed types.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

type quoted struct {
	S string `json:",string"`
}

type text struct{ got []byte }

func (t *text) UnmarshalText(b []byte) error {
	t.got = append([]byte(nil), b...)
	return nil
}

type level int

func (l level) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("<lvl\t%d>", int(l))), nil }

func main() {
	enc := []string{"plain", "q\"b\\s/", "\b\f\n\r\t\x00\x1f\x7f", "<a href='x'>&amp;</a>", "bad \xff\xc3 utf8", "sep \u2028 \u2029 end", "é世界😀", ""}
	for _, e := range enc {
		b, err := json.Marshal(e)
		var sb strings.Builder
		en := json.NewEncoder(&sb)
		en.SetEscapeHTML(false)
		en.Encode(e)
		fmt.Printf("%s %v %s", b, err, sb.String())
	}
	b, err := json.Marshal(map[level]level{1: 2, 3: 4})
	fmt.Println(string(b), err)
	b, err = json.Marshal(struct {
		N json.Number `json:"n,string"`
		L level
	}{"12", 5})
	fmt.Println(string(b), err)
	strs := []string{
		`"plain ascii"`,
		`"tab\tnew\nline \"q\" back\\slash \/ \b\f\r"`,
		`"\u00e9\u4e16 \ud83d\ude00 pair"`,
		`"lone \ud800 high, lone \udc00 low, high then letter \ud83dx"`,
		`"bad hex \u12"`,
		"\"invalid utf8 \xff\xfe end\"",
		"\"raw control \x01\"",
		`"é世界 already utf-8"`,
		`""`,
	}
	for _, s := range strs {
		var v string
		err := json.Unmarshal([]byte(s), &v)
		fmt.Printf("%q %v %v\n", v, err, json.Valid([]byte(s)))
	}
	for _, s := range []string{`{"S":"\"a\\'b\""}`, `{"S":"\"unterminated"}`, `{"S":"\"x\" y\""}`} {
		var q quoted
		err := json.Unmarshal([]byte(s), &q)
		fmt.Printf("%q %v\n", q.S, err)
	}
	var m map[string]text
	fmt.Println(json.Unmarshal([]byte(`{"k":"v\u0041"}`), &m), string(m["k"].got))
	var keys map[string]int
	fmt.Println(json.Unmarshal([]byte(`{"a\nb":1,"\u00e9":2}`), &keys), len(keys), keys["a\nb"], keys["é"])

	bad := []string{`{"a":1,}`, `[1,2`, `{"a" 1}`, `  {"a": tru}`, `[1] x`, `{"a":"\x"}`, `01`, `-`, `1e`, "[\"\x1f\"]", ``, `   `, `nul`}
	for _, s := range bad {
		var v any
		err := json.Unmarshal([]byte(s), &v)
		off := int64(-1)
		if se, ok := err.(*json.SyntaxError); ok {
			off = se.Offset
		}
		fmt.Println(json.Valid([]byte(s)), err, off)
	}
	var big []map[string]any
	doc := "[" + strings.Repeat(`{"a":[1,2.5,"x",true,null,{"b":"\u00e9"}]},`, 200) + `{}]`
	fmt.Println(json.Valid([]byte(doc)), json.Unmarshal([]byte(doc), &big), len(big))
	fmt.Println(json.Valid([]byte(doc[:len(doc)-1])))

	for _, b := range []string{"hello, world\n", "<!DOCTYPE html><p>x", "<?xml version=\"1.0\"?><a/>", "%PDF-1.4", "\x89PNG\r\n\x1a\n....", "GIF89a", "\xef\xbb\xbfbom text", "\x00\x01\x02binary", "{\"json\": true}", ""} {
		fmt.Println(http.DetectContentType([]byte(b)))
	}
}

// Output:
// "plain" <nil> "plain"
// "q\"b\\s/" <nil> "q\"b\\s/"
// "\b\f\n\r\t\u0000\u001f" <nil> "\b\f\n\r\t\u0000\u001f"
// "\u003ca href='x'\u003e\u0026amp;\u003c/a\u003e" <nil> "<a href='x'>&amp;</a>"
// "bad \ufffd\ufffd utf8" <nil> "bad \ufffd\ufffd utf8"
// "sep \u2028 \u2029 end" <nil> "sep \u2028 \u2029 end"
// "é世界😀" <nil> "é世界😀"
// "" <nil> ""
// {"\u003clvl\t1\u003e":"\u003clvl\t2\u003e","\u003clvl\t3\u003e":"\u003clvl\t4\u003e"} <nil>
// {"n":"12","L":"\u003clvl\t5\u003e"} <nil>
// "plain ascii" <nil> true
// "tab\tnew\nline \"q\" back\\slash / \b\f\r" <nil> true
// "é世 😀 pair" <nil> true
// "lone � high, lone � low, high then letter �x" <nil> true
// "" invalid character '"' in \u hexadecimal character escape false
// "invalid utf8 �� end" <nil> true
// "" invalid character '\x01' in string literal false
// "é世界 already utf-8" <nil> true
// "" <nil> true
// "a'b" <nil>
// "" json: invalid use of ,string struct tag, trying to unmarshal "\"unterminated" into string
// "" json: invalid use of ,string struct tag, trying to unmarshal "\"x\" y\"" into string
// <nil> vA
// <nil> 2 1 2
// false invalid character '}' looking for beginning of object key string 8
// false unexpected end of JSON input 4
// false invalid character '1' after object key 6
// false invalid character '}' in literal true (expecting 'e') 12
// false invalid character 'x' after top-level value 5
// false invalid character 'x' in string escape code 8
// false invalid character '1' after top-level value 2
// false invalid character ' ' in numeric literal 1
// false invalid character ' ' in exponent of numeric literal 2
// false invalid character '\x1f' in string literal 3
// false unexpected end of JSON input 0
// false unexpected end of JSON input 3
// false invalid character ' ' in literal null (expecting 'l') 3
// true <nil> 201
// false
// text/plain; charset=utf-8
// text/html; charset=utf-8
// text/xml; charset=utf-8
// application/pdf
// image/png
// image/gif
// text/plain; charset=utf-8
// application/octet-stream
// text/plain; charset=utf-8
// text/plain; charset=utf-8
