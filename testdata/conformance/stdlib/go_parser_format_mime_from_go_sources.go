// go/parser, go/ast, go/printer and go/format, mime and regexp/syntax are
// Go's own packages compiled from the toolchain's sources (go/parser needs
// os.FileInfo to be io/fs's).
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"mime"
	"regexp/syntax"
	"unicode"
)

func main() {
	src := `package p
import "fmt"
func   Add(a,b int) int { return a+b }
type T struct{ X int; Y string }
func main(){ fmt.Println(Add(1,2)) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	fmt.Println(err)
	ast.Inspect(f, func(n ast.Node) bool {
		if fn, ok := n.(*ast.FuncDecl); ok {
			fmt.Println("func", fn.Name.Name, fset.Position(fn.Pos()))
		}
		return true
	})
	var buf bytes.Buffer
	printer.Fprint(&buf, fset, f)
	fmt.Print(buf.String())
	out, err := format.Source([]byte(src))
	fmt.Print(string(out), err, "\n")
	fmt.Println(mime.TypeByExtension(".json"), mime.FormatMediaType("text/html", map[string]string{"charset": "utf-8"}))
	mt, params, err := mime.ParseMediaType(`form-data; name="f"; filename="a b.txt"`)
	fmt.Println(mt, params, err)
	re, err := syntax.Parse(`a(b|c)*d`, syntax.Perl)
	fmt.Println(re, err, re.Simplify())
	fmt.Println(unicode.Is(unicode.Han, '世'), unicode.In('é', unicode.Latin), unicode.IsUpper('Ä'), unicode.SimpleFold('k'))
}

// Output:
// <nil>
// func Add p.go:3:1
// func main p.go:5:1
// package p
//
// import "fmt"
//
// func Add(a, b int) int	{ return a + b }
//
// type T struct {
// 	X	int
// 	Y	string
// }
//
// func main()	{ fmt.Println(Add(1, 2)) }
// package p
//
// import "fmt"
//
// func Add(a, b int) int { return a + b }
//
// type T struct {
// 	X int
// 	Y string
// }
//
// func main() { fmt.Println(Add(1, 2)) }
// <nil>
// application/json text/html; charset=utf-8
// form-data map[filename:a b.txt name:f] <nil>
// a([bc])*d <nil> a([bc])*d
// true true true 8490
