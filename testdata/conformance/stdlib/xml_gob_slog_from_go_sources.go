// encoding/xml, encoding/gob and log/slog are Go's own packages compiled
// from the toolchain's sources over spindle's reflect (slog keeps its
// strings and attribute groups as unsafe pointers with a length).
package main

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/xml"
	"fmt"
	"log"
	"log/slog"
	"os"
)

type Book struct {
	XMLName xml.Name `xml:"book"`
	ID      string   `xml:"id,attr"`
	Title   string   `xml:"title"`
	Authors []string `xml:"authors>author"`
	Note    string   `xml:",comment"`
	Price   float64  `xml:"price,omitempty"`
}

type G struct {
	A int
	B []string
	M map[string]float64
	P *G
	T [2]bool
}

type Shape interface{ Area() float64 }

type Square struct{ S float64 }

func (s Square) Area() float64 { return s.S * s.S }

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

type ctxKey struct{}

func main() {
	b := Book{ID: "1", Title: "Go & <Fibers>", Authors: []string{"R", "K"}, Note: " n "}
	out, err := xml.MarshalIndent(b, "", " ")
	fmt.Println(string(out), err)
	var b2 Book
	fmt.Printf("%v %s %s %v %q\n", xml.Unmarshal(out, &b2), b2.ID, b2.Title, b2.Authors, b2.Note)
	fmt.Println(xml.Unmarshal([]byte("<book><title>x</book>"), &b2))

	var buf bytes.Buffer
	gob.Register(Square{})
	in := G{A: 1, B: []string{"x", "y"}, M: map[string]float64{"k": 2}, P: &G{A: 2}, T: [2]bool{true, false}}
	enc := gob.NewEncoder(&buf)
	fmt.Println(enc.Encode(in))
	var shape Shape = Square{3}
	fmt.Println(enc.Encode(&shape))
	dec := gob.NewDecoder(&buf)
	var g G
	fmt.Println(dec.Decode(&g), g.A, g.B, g.M, g.P.A, g.T)
	var sh Shape
	fmt.Println(dec.Decode(&sh), sh.Area())

	text := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime, Level: slog.LevelDebug}))
	text.Debug("starting", "n", 3, "s", "x y", slog.Group("g", "a", 1, "b", "two", slog.Bool("c", true)))
	text.With("svc", "api").WithGroup("req").Info("done", "status", 200, "path", "/v1/items")
	js := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime, AddSource: false}))
	js.Warn("warn", "m", map[string]int{"a": 1}, "err", fmt.Errorf("boom"), slog.Any("list", []string{"p", "q"}))
	js.LogAttrs(context.WithValue(context.Background(), ctxKey{}, 1), slog.LevelError, "attrs", slog.Int64("big", 1<<40), slog.Float64("f", 2.5))
	fmt.Println(slog.LevelWarn, slog.GroupValue(slog.String("k", "v"), slog.Int("i", 1)))

	// The default slog logger writes through the log package's.
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	slog.Info("through log", "k", 2)
	slog.SetDefault(text)
	log.Print("through slog")
}

// Output:
// <book id="1">
//  <title>Go &amp; &lt;Fibers&gt;</title>
//  <authors>
//   <author>R</author>
//   <author>K</author>
//  </authors>
//  <!-- n -->
// </book> <nil>
// <nil> 1 Go & <Fibers> [R K] " n "
// XML syntax error on line 1: element <title> closed by </book>
// <nil>
// <nil>
// <nil> 1 [x y] map[k:2] 2 [true false]
// <nil> 9
// level=DEBUG msg=starting n=3 s="x y" g.a=1 g.b=two g.c=true
// level=INFO msg=done svc=api req.status=200 req.path=/v1/items
// {"level":"WARN","msg":"warn","m":{"a":1},"err":"boom","list":["p","q"]}
// {"level":"ERROR","msg":"attrs","big":1099511627776,"f":2.5}
// WARN [k=v i=1]
// INFO through log k=2
// level=INFO msg="through slog"
