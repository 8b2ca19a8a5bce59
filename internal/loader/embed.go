package loader

// //go:embed for string and []byte variables.
//
// A package-level variable of type string or []byte with a //go:embed
// directive gets the file's content as its initializer: the loader
// rewrites the declaration before type checking (`var s string` becomes
// `var s string = "<content>"`, a []byte `[]byte("<content>")`), so the
// variable is set when the package initialises, before any init function,
// as in gc. Patterns follow Go's rules: relative to the package
// directory, path.Match syntax, one file for a string or []byte.
// embed.FS needs io/fs, which the guest std does not have yet: it is a
// compile error naming the reason.

import (
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// applyEmbeds rewrites the //go:embed variables of files, whose names
// locate the package directory on disk.
func applyEmbeds(fset *token.FileSet, files []*ast.File) error {
	var errs ErrorList
	at := func(pos token.Pos, format string, args ...any) {
		p := fset.Position(pos)
		errs = append(errs, fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, fmt.Sprintf(format, args...)))
	}
	for _, f := range files {
		imported := false
		for _, im := range f.Imports {
			if strings.Trim(im.Path.Value, `"`) == "embed" {
				imported = true
			}
		}
		dir := filepath.Dir(fset.Position(f.Package).Filename)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				doc := vs.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				patterns, pos, ok := embedPatterns(doc)
				if !ok {
					continue
				}
				switch {
				case !imported:
					at(pos, "go:embed only allowed in Go files that import \"embed\"")
					continue
				case len(vs.Names) != 1 || len(vs.Values) > 0:
					at(pos, "go:embed cannot apply to var with initializer")
					continue
				}
				kind := embedKind(vs.Type)
				if kind == "" {
					at(vs.Type.Pos(), "go:embed cannot apply to var of type %s", exprString(vs.Type))
					continue
				}
				if kind == "FS" {
					at(pos, "go:embed of an embed.FS is not supported yet: it needs package io/fs, which spindle's guest standard library does not provide")
					continue
				}
				if len(patterns) != 1 {
					at(pos, "invalid go:embed: multiple files for type %s", exprString(vs.Type))
					continue
				}
				data, err := embedFile(dir, patterns[0])
				if err != nil {
					at(pos, "pattern %s: %v", patterns[0], err)
					continue
				}
				lit := &ast.BasicLit{ValuePos: vs.Names[0].End(), Kind: token.STRING, Value: strconv.Quote(data)}
				if kind == "string" {
					vs.Values = []ast.Expr{lit}
				} else {
					vs.Values = []ast.Expr{&ast.CallExpr{Fun: vs.Type, Lparen: lit.ValuePos, Args: []ast.Expr{lit}, Rparen: lit.ValuePos}}
				}
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// embedPatterns returns the patterns of the //go:embed lines of doc.
func embedPatterns(doc *ast.CommentGroup) (patterns []string, pos token.Pos, ok bool) {
	if doc == nil {
		return nil, 0, false
	}
	for _, c := range doc.List {
		rest, found := strings.CutPrefix(c.Text, "//go:embed")
		if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		if !ok {
			pos, ok = c.Pos(), true
		}
		for _, field := range strings.Fields(rest) {
			if uq, err := strconv.Unquote(field); err == nil {
				field = uq
			}
			patterns = append(patterns, field)
		}
	}
	return patterns, pos, ok
}

// embedKind classifies the type of an embedding variable as written:
// "string", "[]byte" or "FS" (embed.FS); "" for anything else.
func embedKind(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.Ident:
		if t.Name == "string" {
			return "string"
		}
	case *ast.ArrayType:
		if id, ok := t.Elt.(*ast.Ident); ok && t.Len == nil && (id.Name == "byte" || id.Name == "uint8") {
			return "[]byte"
		}
	case *ast.SelectorExpr:
		if t.Sel.Name == "FS" {
			return "FS"
		}
	}
	return ""
}

// embedFile reads the one file pattern names in dir, as Go's rules allow.
func embedFile(dir, pattern string) (string, error) {
	pattern = strings.TrimPrefix(pattern, "all:")
	if !fs.ValidPath(pattern) || pattern == "." || strings.Contains(pattern, "\\") {
		return "", fmt.Errorf("invalid pattern syntax")
	}
	if _, err := path.Match(pattern, ""); err != nil {
		return "", fmt.Errorf("invalid pattern syntax")
	}
	fsys := os.DirFS(dir)
	matches, err := fs.Glob(fsys, pattern)
	if err != nil {
		return "", err
	}
	if len(matches) == 0 {
		return "", fmt.Errorf("no matching files found")
	}
	if len(matches) > 1 {
		return "", fmt.Errorf("multiple files for type string or []byte")
	}
	st, err := fs.Stat(fsys, matches[0])
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		return "", fmt.Errorf("cannot embed directory %s: string or []byte embeds one file", matches[0])
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("cannot embed irregular file %s", matches[0])
	}
	b, err := fs.ReadFile(fsys, matches[0])
	return string(b), err
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.ArrayType:
		return "[]" + exprString(e.Elt)
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	}
	return fmt.Sprintf("%T", e)
}
