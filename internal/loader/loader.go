// Package loader parses and type-checks a guest program and the guest
// standard library it imports.
//
// The guest std is Go source served from an fs.FS (embedded in the binary:
// no GOROOT is needed at run time). Std packages are parsed and checked
// once per process and shared by every program compiled afterwards.
//
// Owns: parsing, type checking, the std cache, and the check of what may
// be sent to another shard (crossing.go). Imports
// golang.org/x/tools/go/types/typeutil; must not import the compiler or
// the VM (deps_test.go checks the rules).
package loader

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// GoVersion is the language version guest programs are checked against.
const GoVersion = "go1.26"

// Package is a parsed and type-checked package.
type Package struct {
	Path  string
	Types *types.Package
	Files []*ast.File
	Info  *types.Info
	Std   bool // a package of the guest std (spindle's own or Go's)
	// GoSource: the package is Go's own, compiled from the toolchain's
	// sources (its body-less functions are assembly spindle cannot run).
	GoSource bool
}

// Std serves the guest standard library from a file system laid out as
// <importpath>/*.go, and the packages it does not have from Go's own
// sources (goroot.go).
type Std struct {
	FS   fs.FS
	Fset *token.FileSet
	// GoRoot returns the toolchain's GOROOT, "" when there is none; nil
	// serves the embedded packages only.
	GoRoot func() string

	mu   sync.Mutex
	pkgs map[string]*stdEntry
	// goRootRead lists the directories and files read from GOROOT
	// (GoRootRead).
	goRootRead []string
}

// GoRootRead returns the directories and files of GOROOT the std has
// read so far (for the compile cache to check that they are unchanged).
func (s *Std) GoRootRead() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.goRootRead)
}

func (s *Std) noteGoRootRead(paths ...string) {
	s.mu.Lock()
	s.goRootRead = append(s.goRootRead, paths...)
	s.mu.Unlock()
}

type stdEntry struct {
	once sync.Once
	pkg  *Package
	err  error
}

// NewStd returns a std loader over fsys.
func NewStd(fsys fs.FS) *Std {
	return &Std{FS: fsys, Fset: token.NewFileSet(), pkgs: map[string]*stdEntry{}}
}

// Has reports whether the std provides the package path: spindle's own,
// or Go's from the toolchain's sources.
func (s *Std) Has(p string) bool {
	return s.hasEmbedded(p) || s.goRootDir(p) != ""
}

// hasEmbedded reports whether spindle's own std has package p.
func (s *Std) hasEmbedded(p string) bool {
	ents, err := fs.ReadDir(s.FS, p)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if isSource(e.Name()) {
			return true
		}
	}
	return false
}

func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// Load returns the checked std package p (cached).
func (s *Std) Load(p string) (*Package, error) {
	s.mu.Lock()
	e := s.pkgs[p]
	if e == nil {
		e = &stdEntry{}
		s.pkgs[p] = e
	}
	s.mu.Unlock()
	e.once.Do(func() { e.pkg, e.err = s.load(p) })
	return e.pkg, e.err
}

// goRootFirst are the std packages spindle embeds only as fallbacks for
// machines without a Go toolchain: Go's own are used when there is one.
var goRootFirst = map[string]bool{"embed": true, "io/fs": true, "path/filepath": true}

func (s *Std) load(p string) (*Package, error) {
	if !s.hasEmbedded(p) || goRootFirst[p] || goRootOverlays[p] != nil {
		// Go's own embed and io/fs when there is a toolchain; the embedded
		// fallbacks serve what spindle's own packages need without one.
		if dir := s.goRootDir(p); dir != "" {
			return s.loadGoRoot(p, dir)
		}
	}
	ents, err := fs.ReadDir(s.FS, p)
	if err != nil {
		return nil, fmt.Errorf("package %s is not in spindle's standard library", p)
	}
	var files []*ast.File
	for _, e := range ents {
		if !isSource(e.Name()) {
			continue
		}
		src, err := fs.ReadFile(s.FS, path.Join(p, e.Name()))
		if err != nil {
			return nil, err
		}
		// The file set is safe for concurrent use: std packages parse in
		// parallel (positions differ between runs; nothing orders by them
		// across packages).
		f, err := parser.ParseFile(s.Fset, "$std/"+p+"/"+e.Name(), src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("BUG: guest std %s: %v", p, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("package %s is not in spindle's standard library", p)
	}
	s.preload(files)
	pkg, err := check(p, s.Fset, files, stdImporter{s}, GoVersion)
	if err != nil {
		return nil, fmt.Errorf("BUG: guest std %s does not type-check: %v", p, err)
	}
	pkg.Std = true
	return pkg, nil
}

// preload loads the imports of files concurrently, so independent std
// packages are parsed and checked in parallel (start-up time).
func (s *Std) preload(files []*ast.File) {
	var wg sync.WaitGroup
	seen := map[string]bool{}
	for _, f := range files {
		for _, im := range f.Imports {
			ip := s.vendored(strings.Trim(im.Path.Value, `"`))
			if ip == "unsafe" || ip == "C" || seen[ip] || !s.Has(ip) {
				continue
			}
			seen[ip] = true
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.Load(ip)
			}()
		}
	}
	wg.Wait()
}

type stdImporter struct{ s *Std }

func (im stdImporter) Import(p string) (*types.Package, error) {
	if p == "unsafe" {
		return types.Unsafe, nil
	}
	pkg, err := im.s.Load(im.s.vendored(p))
	if err != nil {
		return nil, err
	}
	return pkg.Types, nil
}

// ErrorList is the compile errors of a program, each "file:line:col: msg".
type ErrorList []string

func (e ErrorList) Error() string { return strings.Join(e, "\n") }

func check(p string, fset *token.FileSet, files []*ast.File, imp types.Importer, goVersion string) (*Package, error) {
	if goVersion == "" {
		goVersion = GoVersion
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Instances:    map[*ast.Ident]types.Instance{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
	var errs ErrorList
	conf := types.Config{
		Importer:  imp,
		GoVersion: goVersion,
		Sizes:     types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				pos := fset.Position(te.Pos)
				errs = append(errs, fmt.Sprintf("%s:%d:%d: %s", pos.Filename, pos.Line, pos.Column, te.Msg))
				return
			}
			errs = append(errs, err.Error())
		},
	}
	tp, _ := conf.Check(p, fset, files, info)
	if len(errs) > 0 {
		return nil, errs
	}
	return &Package{Path: p, Types: tp, Files: files, Info: info}, nil
}

// Program is a loaded guest program: package main plus the packages it
// reaches.
type Program struct {
	Fset *token.FileSet
	Main *Package
	Std  *Std
	// Pkgs holds the program's packages that are not in the guest std
	// (a module's own and its dependencies'), by import path.
	Pkgs map[string]*Package
}

// Source is the files of one package that is not in the guest std, as
// the go command selects them (build constraints applied).
type Source struct {
	Path  string   // import path
	Names []string // file names, for positions
	Srcs  [][]byte // file contents
	// ImportMap maps an import path as written to the package's path
	// where they differ (vendor/).
	ImportMap map[string]string
	// GoVersion is the language version of the package's module ("go1.21";
	// "" is GoVersion), which decides loop variable semantics and which
	// features type-check.
	GoVersion string
	// TestMain marks go test's generated main package, which alone may
	// import testing/internal/testdeps.
	TestMain bool
}

// LoadMain parses and checks the files of one main package that imports
// only the guest std. names are used in error messages; srcs holds each
// file's content.
func (s *Std) LoadMain(names []string, srcs [][]byte) (*Program, error) {
	return s.LoadPackages(context.Background(), &Source{Path: "main", Names: names, Srcs: srcs}, nil)
}

// LoadPackages parses and checks main and, as it imports them, the
// packages of deps (by import path); every other import is the guest
// std's. Once ctx is done it parses and checks no further file or
// package of main's and deps' (a package's check in progress finishes)
// and returns ctx's error; the std's packages, shared by every
// compilation, load to the end.
func (s *Std) LoadPackages(ctx context.Context, main *Source, deps map[string]*Source) (*Program, error) {
	files, err := s.parse(ctx, main, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if f.Name.Name != "main" {
			pos := s.Fset.Position(f.Name.Pos())
			return nil, ErrorList{fmt.Sprintf("%s:%d:%d: package %s is not a main package", pos.Filename, pos.Line, pos.Column, f.Name.Name)}
		}
	}
	lp := &Program{Fset: s.Fset, Std: s, Pkgs: map[string]*Package{}}
	im := &modImporter{ctx: ctx, s: s, deps: deps, prog: lp, loaded: map[string]*Package{}, loading: map[string]bool{}, errs: map[string]error{}}
	pkg, err := im.checkPackage("main", main, files)
	if err := ctx.Err(); err != nil {
		return nil, err // not the "could not import" errors it caused
	}
	if err != nil {
		return nil, err
	}
	if pkg.Types.Scope().Lookup("main") == nil {
		pos := s.Fset.Position(files[0].Name.Pos())
		return nil, ErrorList{fmt.Sprintf("%s:%d:%d: function main is undeclared in the main package", pos.Filename, pos.Line, pos.Column)}
	}
	lp.Main = pkg
	return lp, nil
}

// parse parses src's files into s.Fset and applies their //go:embed
// directives.
func (s *Std) parse(ctx context.Context, src *Source, mode parser.Mode) ([]*ast.File, error) {
	var errs ErrorList
	var files []*ast.File
	for i, name := range src.Names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s.mu.Lock()
		f, err := parser.ParseFile(s.Fset, name, src.Srcs[i], mode|parser.SkipObjectResolution)
		s.mu.Unlock()
		if err != nil {
			var el interface{ Unwrap() []error }
			if errors.As(err, &el) {
				for _, e := range el.Unwrap() {
					errs = append(errs, e.Error())
				}
			} else {
				errs = append(errs, err.Error())
			}
			continue
		}
		files = append(files, f)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if err := applyEmbeds(s.Fset, files, func() bool { return s.goRootDir("embed") != "" }); err != nil {
		return nil, err
	}
	return files, nil
}

// modImporter checks a program's non-std packages as they are imported.
type modImporter struct {
	ctx     context.Context
	s       *Std
	deps    map[string]*Source
	prog    *Program
	loaded  map[string]*Package // by deps' key
	loading map[string]bool     // import cycle detection
	errs    map[string]error    // packages that did not load
	// failed holds the errors of the dependencies that did not load: the
	// causes of an importer's "could not import" errors, reported instead.
	failed ErrorList
}

// checkPackage checks the package at path from its parsed files.
func (im *modImporter) checkPackage(path string, src *Source, files []*ast.File) (*Package, error) {
	s := im.s
	s.preload(files)
	// Check imports up front for a clear message about missing packages.
	var errs ErrorList
	for _, f := range files {
		for _, spec := range f.Imports {
			p := strings.Trim(spec.Path.Value, `"`)
			if q, ok := src.ImportMap[p]; ok {
				p = q
			}
			if p == "unsafe" || p == "C" || im.deps[p] != nil {
				continue
			}
			pos := s.Fset.Position(spec.Path.Pos())
			if stdPrivate(p) && !(src.TestMain && p == "testing/internal/testdeps") {
				errs = append(errs, fmt.Sprintf("%s:%d:%d: use of internal package %s not allowed", pos.Filename, pos.Line, pos.Column, p))
				continue
			}
			if !s.Has(p) {
				errs = append(errs, fmt.Sprintf("%s:%d:%d: package %s is not provided by spindle's guest standard library", pos.Filename, pos.Line, pos.Column, p))
			} else if _, err := s.Load(p); err != nil {
				if ge, ok := err.(*goSourceError); ok {
					errs = append(errs, fmt.Sprintf("%s:%d:%d: %v", pos.Filename, pos.Line, pos.Column, ge))
				}
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	pkg, err := check(path, s.Fset, files, pkgImporter{im, src}, src.GoVersion)
	if err != nil {
		// The package's own errors, with its dependencies' in place of
		// go/types' "could not import" lines, each once.
		var out ErrorList
		seen := map[string]bool{}
		var own ErrorList
		if !errors.As(err, &own) {
			own = ErrorList{err.Error()}
		}
		for _, e := range append(own, im.failed...) {
			if !seen[e] && (len(im.failed) == 0 || !strings.Contains(e, ": could not import ")) {
				seen[e] = true
				out = append(out, e)
			}
		}
		return nil, out
	}
	if errs := checkCrossing(s.Fset, pkg); len(errs) > 0 {
		return nil, errs
	}
	return pkg, nil
}

// stdPrivate reports whether std path p is one a program may not import:
// internal to the std, the go command's, or vendored into the std.
func stdPrivate(p string) bool {
	first := strings.SplitN(p, "/", 2)[0]
	if strings.Contains(first, ".") {
		return false
	}
	return first == "internal" || first == "cmd" || first == "vendor" || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// load returns the checked package path of deps.
func (im *modImporter) load(path string) (*Package, error) {
	if err := im.ctx.Err(); err != nil {
		return nil, err
	}
	if p := im.loaded[path]; p != nil {
		return p, nil
	}
	if err := im.errs[path]; err != nil {
		return nil, err
	}
	if im.loading[path] {
		return nil, fmt.Errorf("import cycle not allowed: %s imports itself", path)
	}
	im.loading[path] = true
	defer delete(im.loading, path)
	src := im.deps[path]
	files, err := im.s.parse(im.ctx, src, parser.ParseComments)
	var pkg *Package
	// A package's path is src.Path where deps holds it under another key
	// (a test variant, "p [p.test]", is package p).
	tpath := src.Path
	if tpath == "" {
		tpath = path
	}
	if err == nil && im.prog.Pkgs[tpath] != nil {
		err = fmt.Errorf("spindle: two variants of package %s in one program", tpath)
	}
	if err == nil {
		pkg, err = im.checkPackage(tpath, src, files)
	}
	if err != nil {
		im.errs[path] = err
		return nil, err
	}
	im.prog.Pkgs[tpath] = pkg
	im.loaded[path] = pkg
	return pkg, nil
}

// pkgImporter imports for one package: through its import map, a
// package of the program's deps or the guest std's.
type pkgImporter struct {
	im  *modImporter
	src *Source
}

func (pi pkgImporter) Import(p string) (*types.Package, error) {
	if p == "unsafe" {
		return types.Unsafe, nil
	}
	if q, ok := pi.src.ImportMap[p]; ok {
		p = q
	}
	if pi.im.deps[p] != nil {
		pkg, err := pi.im.load(p)
		if err != nil {
			// The dependency's own errors are reported, in full, rather
			// than go/types' one-line "could not import".
			var el ErrorList
			if errors.As(err, &el) {
				pi.im.failed = append(pi.im.failed, el...)
			} else {
				pi.im.failed = append(pi.im.failed, err.Error())
			}
			return nil, err
		}
		return pkg.Types, nil
	}
	pkg, err := pi.im.s.Load(p)
	if err != nil {
		return nil, err
	}
	return pkg.Types, nil
}
