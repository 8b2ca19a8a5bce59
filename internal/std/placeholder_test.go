package std

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlaceholderBodiesAreBound checks that every guest std function whose
// body is the placeholder panic(builtin) (generic builtins and the host-
// bound methods of fiber.Channel and fiber.Shared) has a host function:
// a missing one would compile the placeholder and panic at run time.
func TestPlaceholderBodiesAreBound(t *testing.T) {
	files, err := filepath.Glob("../../_std/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no std sources: %v", err)
	}
	found := 0
	for _, path := range files {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) != 1 {
				continue
			}
			es, ok := fd.Body.List[0].(*ast.ExprStmt)
			if !ok {
				continue
			}
			call, ok := es.X.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				continue
			}
			if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "panic" {
				continue
			}
			if arg, ok := call.Args[0].(*ast.Ident); !ok || arg.Name != "builtin" {
				continue
			}
			found++
			name := ssaName(file.Name.Name, fd)
			if Host[name] == nil {
				t.Errorf("%s: %s has a placeholder body but no host function %q", fset.Position(fd.Pos()), fd.Name.Name, name)
			}
		}
	}
	if found == 0 {
		t.Fatal("no placeholder bodies found: the test looks in the wrong place")
	}
}

// ssaName renders fd's name as go/ssa prints a generic origin:
// pkg.f or (*pkg.T[P]).M.
func ssaName(pkg string, fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		return pkg + "." + fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	star := ""
	if s, ok := typ.(*ast.StarExpr); ok {
		star, typ = "*", s.X
	}
	var params []string
	switch x := typ.(type) {
	case *ast.IndexExpr:
		typ = x.X
		params = append(params, x.Index.(*ast.Ident).Name)
	case *ast.IndexListExpr:
		typ = x.X
		for _, ix := range x.Indices {
			params = append(params, ix.(*ast.Ident).Name)
		}
	}
	name := typ.(*ast.Ident).Name
	if len(params) > 0 {
		name += "[" + strings.Join(params, ", ") + "]"
	}
	return "(" + star + pkg + "." + name + ")." + fd.Name.Name
}
