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
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
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
	Std   bool
}

// Std serves the guest standard library from a file system laid out as
// <importpath>/*.go.
type Std struct {
	FS   fs.FS
	Fset *token.FileSet

	mu   sync.Mutex
	pkgs map[string]*stdEntry
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

// Has reports whether the std provides the package path.
func (s *Std) Has(p string) bool {
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

func (s *Std) load(p string) (*Package, error) {
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
	pkg, err := check(p, s.Fset, files, stdImporter{s})
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
			ip := strings.Trim(im.Path.Value, `"`)
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
	pkg, err := im.s.Load(p)
	if err != nil {
		return nil, err
	}
	return pkg.Types, nil
}

// ErrorList is the compile errors of a program, each "file:line:col: msg".
type ErrorList []string

func (e ErrorList) Error() string { return strings.Join(e, "\n") }

func check(p string, fset *token.FileSet, files []*ast.File, imp types.Importer) (*Package, error) {
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
		GoVersion: GoVersion,
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

// Program is a loaded guest program: package main plus the std packages
// it reaches.
type Program struct {
	Fset *token.FileSet
	Main *Package
	Std  *Std
}

// LoadMain parses and checks the files of one main package. names are used in
// error messages; srcs holds each file's content.
func (s *Std) LoadMain(names []string, srcs [][]byte) (*Program, error) {
	var errs ErrorList
	var files []*ast.File
	for i, name := range names {
		s.mu.Lock()
		f, err := parser.ParseFile(s.Fset, name, srcs[i], parser.ParseComments|parser.SkipObjectResolution)
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
	for _, f := range files {
		if f.Name.Name != "main" {
			pos := s.Fset.Position(f.Name.Pos())
			return nil, ErrorList{fmt.Sprintf("%s:%d:%d: package %s is not a main package", pos.Filename, pos.Line, pos.Column, f.Name.Name)}
		}
	}
	s.preload(files)
	// Check imports up front for a clear message about missing packages.
	for _, f := range files {
		for _, im := range f.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if p == "unsafe" || p == "C" {
				continue
			}
			if !s.Has(p) {
				pos := s.Fset.Position(im.Path.Pos())
				errs = append(errs, fmt.Sprintf("%s:%d:%d: package %s is not provided by spindle's guest standard library", pos.Filename, pos.Line, pos.Column, p))
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	pkg, err := check("main", s.Fset, files, stdImporter{s})
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if pkg.Types.Scope().Lookup("main") == nil {
			pos := s.Fset.Position(f.Name.Pos())
			return nil, ErrorList{fmt.Sprintf("%s:%d:%d: function main is undeclared in the main package", pos.Filename, pos.Line, pos.Column)}
		}
	}
	if errs := checkCrossing(s.Fset, pkg); len(errs) > 0 {
		return nil, errs
	}
	return &Program{Fset: s.Fset, Main: pkg, Std: s}, nil
}
