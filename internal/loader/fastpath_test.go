package loader

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

func TestAddFastPaths(t *testing.T) {
	defer func(saved map[string]map[string]string) { fastPaths = saved }(fastPaths)
	fastPaths = map[string]map[string]string{"p": {
		"check":    "data []byte, n int -> error",
		"T.Method": "t *T, s string -> int, error",
		"other":    "a int -> int", // the source's signature differs
	}}
	src := `package p

type T struct{}

func check(data []byte, n int) error {
	return nil
}

func (t *T) Method(s string) (x int, err error) { // comment
	panic("line 10")
}

func other(a, b int) int { return a }
`
	srcs := [][]byte{[]byte(src)}
	if err := addFastPaths("p", []string{"p.go"}, srcs); err != nil {
		t.Fatal(err)
	}
	out := string(srcs[0])
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", out, 0)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("rewritten source does not type-check: %v\n%s", err, out)
	}
	decls := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls[fd.Name.Name] = fd
		}
	}
	for name, want := range map[string]string{
		"spindleFast_check":    "func spindleFast_check(data []byte, n int) (error, bool)",
		"spindleFast_T_Method": "func spindleFast_T_Method(t *T, s string) (int, error, bool)",
	} {
		fd := decls[name]
		if fd == nil || fd.Body != nil {
			t.Fatalf("no bodyless %s in\n%s", name, out)
		}
		if !strings.Contains(out, want) {
			t.Errorf("declaration %q missing from\n%s", want, out)
		}
	}
	if decls["spindleFast_other"] != nil {
		t.Errorf("a fast path for other, whose signature differs from the table's")
	}
	// Every line keeps its number: the call goes on the opening brace's line.
	if got := fset.Position(decls["Method"].Body.List[1].Pos()).Line; got != 10 {
		t.Errorf("Method's panic is on line %d, want 10\n%s", got, out)
	}
	if !strings.Contains(out, "return nil\n") || !strings.Contains(strings.Split(out, "\n")[4], "if spindleR0, spindleOK := spindleFast_check(data, n); spindleOK { return spindleR0 }") {
		t.Errorf("check's fast path is not its first statement:\n%s", out)
	}
}
