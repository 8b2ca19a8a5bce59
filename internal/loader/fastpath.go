package loader

// Fast paths: host kernels in front of a function of Go's own std that
// keep its Go body for what they do not handle.
//
// A host override (the compiler's) replaces a function's body outright,
// which suits a pure function a kernel computes in full. Some hot
// functions are cheap on the host only in the common case: checking that
// a JSON document is valid is a loop the host's own scanner runs fifty
// times faster, but reporting where it is not needs Go's own error, which
// only the Go body computes. For such a function F of package P listed in
// fastPaths, the loader adds to F's source file a bodyless declaration
//
//	func spindleFast_F(params of F) (results of F, bool)
//
// (a method's receiver comes first among the parameters, and the name is
// spindleFast_T_M), bound to a host function by that name, and begins F's
// body, on the line of its opening brace so that no line number moves,
// with
//
//	if r0, ..., ok := spindleFast_F(params); ok { return r0, ... }
//
// The host function answers ok = false where the Go body must run.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// fastPaths lists, per Go std package, the functions ("F", or "T.M" for
// a method) that get a fast path, each with the signature the host side
// (internal/std's) expects: parameters with their names (the receiver
// first), "->", the results' types. A function whose signature in the toolchain's source differs
// (another Go release) gets none: its Go body runs as it is.
var fastPaths = map[string]map[string]string{
	"encoding/json": {
		"checkValid":               "data []byte, scan *scanner -> error",
		"indirect":                 "v reflect.Value, decodingNull bool -> Unmarshaler, encoding.TextUnmarshaler, reflect.Value",
		"decodeState.literalStore": "d *decodeState, item []byte, v reflect.Value, fromQuoted bool -> error",
	},
}

// FastPathName returns the name of the bodyless function in front of
// function fn ("F" or "T.M") of a package.
func FastPathName(fn string) string {
	return "spindleFast_" + strings.ReplaceAll(fn, ".", "_")
}

// addFastPaths rewrites the sources of package p (names, srcs) with the
// fast paths fastPaths lists for it. A function it does not find, or
// finds with another signature, is left as it is.
func addFastPaths(p string, names []string, srcs [][]byte) error {
	want := fastPaths[p]
	if len(want) == 0 {
		return nil
	}
	for i := range srcs {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, names[i], srcs[i], parser.SkipObjectResolution)
		if err != nil {
			return nil // the real parse reports it
		}
		type edit struct {
			at   int
			text string
		}
		var edits []edit
		var decls strings.Builder
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				name = recvTypeName(fd.Recv.List[0].Type) + "." + name
			}
			sig, ok := want[name]
			if !ok {
				continue
			}
			text := func(n ast.Node) string {
				return string(srcs[i][fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
			}
			var params, args []string
			fields := fd.Type.Params.List
			if fd.Recv != nil {
				fields = append(append([]*ast.Field(nil), fd.Recv.List...), fields...)
			}
			for _, fl := range fields {
				if len(fl.Names) == 0 {
					return fmt.Errorf("BUG: fast path %s.%s: a parameter has no name", p, name)
				}
				if _, ok := fl.Type.(*ast.Ellipsis); ok {
					return fmt.Errorf("BUG: fast path %s.%s: variadic", p, name)
				}
				for _, n := range fl.Names {
					if n.Name == "_" {
						return fmt.Errorf("BUG: fast path %s.%s: a parameter is _", p, name)
					}
					params = append(params, n.Name+" "+text(fl.Type))
					args = append(args, n.Name)
				}
			}
			var results, vars []string
			if fd.Type.Results != nil {
				for _, fl := range fd.Type.Results.List {
					for range max(1, len(fl.Names)) {
						results = append(results, text(fl.Type))
						vars = append(vars, fmt.Sprintf("spindleR%d", len(vars)))
					}
				}
			}
			if strings.Join(params, ", ")+" -> "+strings.Join(results, ", ") != sig {
				continue
			}
			fast := FastPathName(name)
			fmt.Fprintf(&decls, "\nfunc %s(%s) (%s)\n", fast, strings.Join(params, ", "), strings.Join(append(results, "bool"), ", "))
			edits = append(edits, edit{
				at: fset.Position(fd.Body.Lbrace).Offset + 1,
				text: fmt.Sprintf(" if %s := %s(%s); spindleOK { return %s };",
					strings.Join(append(vars, "spindleOK"), ", "), fast, strings.Join(args, ", "), strings.Join(vars, ", ")),
			})
		}
		if len(edits) == 0 {
			continue
		}
		var b bytes.Buffer
		last := 0
		for _, e := range edits {
			b.Write(srcs[i][last:e.at])
			b.WriteString(e.text)
			last = e.at
		}
		b.Write(srcs[i][last:])
		b.WriteString(decls.String())
		srcs[i] = b.Bytes()
	}
	return nil
}

// recvTypeName returns the type name of a receiver's type expression: T
// of T, *T, T[P] or *T[P].
func recvTypeName(x ast.Expr) string {
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.ParenExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
