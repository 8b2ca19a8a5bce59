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
		top := map[*ast.GenDecl]bool{}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				top[gd] = true
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			gd, ok := n.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				return true
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
				case !top[gd]:
					at(pos, "go:embed cannot apply to var inside func")
					continue
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
				data, err := embedFile(dir, patterns)
				if err != nil {
					at(pos, "%v", err)
					continue
				}
				lit := &ast.BasicLit{ValuePos: vs.Names[0].End(), Kind: token.STRING, Value: strconv.Quote(data)}
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "string" {
					vs.Values = []ast.Expr{lit}
				} else {
					// []byte("..."), or T("...") of a type defined as one.
					vs.Values = []ast.Expr{&ast.CallExpr{Fun: vs.Type, Lparen: lit.ValuePos, Args: []ast.Expr{lit}, Rparen: lit.ValuePos}}
				}
			}
			return true
		})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// embedPatterns returns the patterns of the //go:embed lines of doc (Go
// or raw quoted, or bare words) and the position of the first pattern.
func embedPatterns(doc *ast.CommentGroup) (patterns []string, pos token.Pos, ok bool) {
	if doc == nil {
		return nil, 0, false
	}
	for _, c := range doc.List {
		rest, found := strings.CutPrefix(c.Text, "//go:embed")
		if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		start := c.Pos() + token.Pos(len("//go:embed"))
		for {
			trimmed := strings.TrimLeft(rest, " \t")
			start += token.Pos(len(rest) - len(trimmed))
			rest = trimmed
			if rest == "" {
				break
			}
			if !ok {
				pos, ok = start, true
			}
			field := rest
			if rest[0] == '"' || rest[0] == '`' {
				q, err := strconv.QuotedPrefix(rest)
				if err == nil {
					field = q
				}
			} else if i := strings.IndexAny(rest, " \t"); i >= 0 {
				field = rest[:i]
			}
			rest = rest[len(field):]
			start += token.Pos(len(field))
			if uq, err := strconv.Unquote(field); err == nil {
				field = uq
			}
			patterns = append(patterns, field)
		}
		if !ok {
			pos, ok = c.Pos(), true
		}
	}
	return patterns, pos, ok
}

// embedKind classifies the type of an embedding variable as written:
// "string", "[]byte" or "FS" (embed.FS); "" for anything else.
func embedKind(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.Ident:
		// string, or a type defined as string or []byte (the type
		// checker rejects any other).
		return "string"
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

// embedFile reads the one file patterns name in dir, as Go's rules allow:
// each pattern must match, a directory stands for the files below it
// (but those starting with . or _, unless all:), and all the patterns
// together must name one file.
func embedFile(dir string, patterns []string) (string, error) {
	fsys := os.DirFS(dir)
	files := map[string]bool{}
	for _, pat := range patterns {
		all := strings.HasPrefix(pat, "all:")
		glob := strings.TrimPrefix(pat, "all:")
		if !fs.ValidPath(glob) || glob == "." || strings.Contains(glob, "\\") {
			return "", fmt.Errorf("pattern %s: invalid pattern syntax", pat)
		}
		if _, err := path.Match(glob, ""); err != nil {
			return "", fmt.Errorf("pattern %s: invalid pattern syntax", pat)
		}
		matches, err := fs.Glob(fsys, glob)
		if err != nil {
			return "", fmt.Errorf("pattern %s: %v", pat, err)
		}
		n := len(files)
		for _, m := range matches {
			st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(m)))
			if err != nil {
				return "", fmt.Errorf("pattern %s: %v", pat, err)
			}
			switch {
			case st.IsDir():
				err := fs.WalkDir(fsys, m, func(name string, d fs.DirEntry, err error) error {
					if err != nil {
						return err
					}
					base := path.Base(name)
					if name != m && !all && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
						if d.IsDir() {
							return fs.SkipDir
						}
						return nil
					}
					if d.Type().IsRegular() {
						files[name] = true
					}
					return nil
				})
				if err != nil {
					return "", fmt.Errorf("pattern %s: %v", pat, err)
				}
			case st.Mode().IsRegular():
				files[m] = true
			default:
				return "", fmt.Errorf("pattern %s: cannot embed irregular file %s", pat, m)
			}
		}
		if len(files) == n && len(matches) == 0 {
			return "", fmt.Errorf("pattern %s: no matching files found", pat)
		}
	}
	if len(files) != 1 {
		return "", fmt.Errorf("invalid go:embed: multiple files for type string or []byte")
	}
	for name := range files {
		b, err := fs.ReadFile(fsys, name)
		return string(b), err
	}
	return "", nil
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
