package loader

// //go:embed.
//
// A package-level variable with a //go:embed directive gets the files'
// content as its initializer: the loader rewrites the declaration before
// type checking, so the variable is set when the package initialises,
// before any init function, as in gc. A string or []byte (or a type
// defined as one) becomes `var s T = T("<content>")`; an embed.FS
// becomes a call of a constructor spindle adds to Go's own embed package
// (embedFSSource), with the files and their parent directories in the
// order gc's compiler writes them. Patterns follow Go's rules: relative
// to the package directory, path.Match syntax, directories standing for
// the files below them (but . and _ files, unless all:).

import (
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// applyEmbeds rewrites the //go:embed variables of files, whose names
// locate the package directory on disk; haveFS reports whether Go's own
// embed package (with FS) is available (asked only for an FS).
func applyEmbeds(fset *token.FileSet, files []*ast.File, haveFS func() bool) error {
	var errs ErrorList
	at := func(pos token.Pos, format string, args ...any) {
		p := fset.Position(pos)
		errs = append(errs, fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, fmt.Sprintf(format, args...)))
	}
	for _, f := range files {
		imported, embedName := false, "embed"
		for _, im := range f.Imports {
			if strings.Trim(im.Path.Value, `"`) == "embed" {
				imported = true
				if im.Name != nil {
					embedName = im.Name.Name
				}
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
			if gd.Lparen.IsValid() {
				if _, pos, ok := embedPatterns(gd.Doc); ok {
					at(pos, "misplaced go:embed directive")
				}
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
				kind := embedKind(vs.Type, embedName)
				if kind == "" {
					at(vs.Type.Pos(), "go:embed cannot apply to var of type %s", exprString(vs.Type))
					continue
				}
				files, err := embedFiles(dir, patterns)
				if err != nil {
					at(pos, "%v", err)
					continue
				}
				if kind == "FS" && !haveFS() {
					at(pos, "go:embed of an embed.FS needs Go's own embed package, which spindle compiles from the toolchain's source, and there is no go command to find it")
					continue
				}
				if kind == "FS" {
					vs.Values = []ast.Expr{embedFSCall(vs.Type.(*ast.SelectorExpr), dir, files, vs.Names[0].End())}
					continue
				}
				if len(files) != 1 {
					at(pos, "invalid go:embed: multiple files for type %s", exprString(vs.Type))
					continue
				}
				b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(files[0])))
				if err != nil {
					at(pos, "%v", err)
					continue
				}
				data := string(b)
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
func embedKind(t ast.Expr, embedName string) string {
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
		if x, ok := t.X.(*ast.Ident); ok && x.Name == embedName && t.Sel.Name == "FS" {
			return "FS"
		}
	}
	return ""
}

// vcsDir names the version control directories embedding never enters.
var vcsDir = map[string]bool{".bzr": true, ".hg": true, ".git": true, ".svn": true}

// embedFiles returns the files patterns name in dir, as Go's rules allow:
// each pattern must match, and a directory stands for the files below it
// (but those starting with . or _, unless all:).
func embedFiles(dir string, patterns []string) ([]string, error) {
	fsys := os.DirFS(dir)
	files := map[string]bool{}
	for _, pat := range patterns {
		all := strings.HasPrefix(pat, "all:")
		glob := strings.TrimPrefix(pat, "all:")
		if !fs.ValidPath(glob) || glob == "." || strings.Contains(glob, "\\") {
			return nil, fmt.Errorf("pattern %s: invalid pattern syntax", pat)
		}
		if _, err := path.Match(glob, ""); err != nil {
			return nil, fmt.Errorf("pattern %s: invalid pattern syntax", pat)
		}
		for _, elem := range strings.Split(glob, "/") {
			if vcsDir[elem] {
				return nil, fmt.Errorf("pattern %s: invalid name %s", pat, elem)
			}
		}
		matches, err := fs.Glob(fsys, glob)
		if err != nil {
			return nil, fmt.Errorf("pattern %s: %v", pat, err)
		}
		n := len(files)
		for _, m := range matches {
			st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(m)))
			if err != nil {
				return nil, fmt.Errorf("pattern %s: %v", pat, err)
			}
			switch {
			case st.IsDir():
				before := len(files)
				err := fs.WalkDir(fsys, m, func(name string, d fs.DirEntry, err error) error {
					if err != nil {
						return err
					}
					base := path.Base(name)
					if name != m && d.IsDir() {
						// Never version control directories, nor another
						// module's tree, as the go command.
						if vcsDir[base] {
							return fs.SkipDir
						}
						if _, err := fs.Stat(fsys, path.Join(name, "go.mod")); err == nil {
							return fs.SkipDir
						}
					}
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
					return nil, fmt.Errorf("pattern %s: %v", pat, err)
				}
				if len(files) == before {
					return nil, fmt.Errorf("pattern %s: cannot embed directory %s: contains no embeddable files", pat, m)
				}
			case st.Mode().IsRegular():
				files[m] = true
			default:
				return nil, fmt.Errorf("pattern %s: cannot embed irregular file %s", pat, m)
			}
		}
		if len(files) == n && len(matches) == 0 {
			return nil, fmt.Errorf("pattern %s: no matching files found", pat)
		}
	}
	out := make([]string, 0, len(files))
	for name := range files {
		out = append(out, name)
	}
	sort.Strings(out)
	return out, nil
}

// embedFSCall returns the initializer of an embed.FS variable of type
// typ (pkg.FS) holding files: pkg.SpindleFS(names, datas), names sorted
// as gc sorts them, directories (with a trailing slash) included.
func embedFSCall(typ *ast.SelectorExpr, dir string, files []string, pos token.Pos) ast.Expr {
	entries := map[string]string{}
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		entries[f] = string(b)
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			entries[d+"/"] = ""
		}
	}
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	split := func(name string) (string, string) {
		name = strings.TrimSuffix(name, "/")
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			return name[:i], name[i+1:]
		}
		return ".", name
	}
	sort.Slice(names, func(i, j int) bool {
		di, ei := split(names[i])
		dj, ej := split(names[j])
		if di != dj {
			return di < dj
		}
		return ei < ej
	})
	list := func(vals []string) ast.Expr {
		var elts []ast.Expr
		for _, v := range vals {
			elts = append(elts, &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(v)})
		}
		return &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: ast.NewIdent("string")}, Lbrace: pos, Elts: elts, Rbrace: pos}
	}
	datas := make([]string, len(names))
	for i, n := range names {
		datas[i] = entries[n]
	}
	pkg := typ.X.(*ast.Ident).Name
	fn := &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: pkg}, Sel: &ast.Ident{NamePos: pos, Name: "SpindleFS"}}
	return &ast.CallExpr{Fun: fn, Lparen: pos, Args: []ast.Expr{list(names), list(datas)}, Rparen: pos}
}

// embedFSSource is the file spindle adds to Go's embed package: the
// constructor the loader's rewrite of an embed.FS variable calls (gc's
// compiler fills the unexported field instead).
const embedFSSource = `package embed

// SpindleFS returns an FS of the named files (directories end in a slash),
// sorted as gc's compiler writes them. spindle's loader calls it for a
// //go:embed variable; it is not part of Go's API.
func SpindleFS(names, datas []string) FS {
	files := make([]file, len(names))
	for i := range names {
		files[i] = file{name: names[i], data: datas[i]}
	}
	return FS{files: &files}
}
`

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
