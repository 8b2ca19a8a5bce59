package std

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
)

// Every bodyless function of the guest std has a host implementation: a
// missing one is a compile-time BUG only for the programs that reach it,
// so walk them all here. Names follow go/ssa's: pkg.F, (*pkg.T).M,
// (pkg.T).M.
func TestEveryBodylessStdFunctionHasAHost(t *testing.T) {
	fsys := os.DirFS("../../_std")
	n := 0
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := path.Dir(p)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body != nil {
				continue
			}
			n++
			name := pkg + "." + fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				rt := fd.Recv.List[0].Type
				star := ""
				if s, ok := rt.(*ast.StarExpr); ok {
					star, rt = "*", s.X
				}
				switch x := rt.(type) {
				case *ast.IndexExpr:
					rt = x.X
				case *ast.IndexListExpr:
					rt = x.X
				}
				id, _ := rt.(*ast.Ident)
				if id == nil {
					t.Errorf("%s: %s: unexpected receiver", p, fd.Name.Name)
					continue
				}
				name = "(" + star + pkg + "." + id.Name + ")." + fd.Name.Name
			}
			if Host[name] == nil {
				t.Errorf("%s: bodyless %s has no host implementation", p, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no bodyless functions found")
	}
}
