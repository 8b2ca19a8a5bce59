package spindle

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"spindle/internal/golist"
	"spindle/internal/loader"
)

// Test binaries.
//
// A package's tests compile as go test builds them: the go command lists
// the package with its tests (go list -test), which gives the package
// under test with its _test.go files (the variant "p [p.test]"), the
// external test package p_test, every dependency that imports p
// recompiled against that variant, and the test binary's main package,
// which go test generates (the tables of Test, Benchmark, Fuzz and
// Example functions with their expected output, TestMain, the
// signature checks). spindle compiles exactly those sources; the
// generated main calls Go's own testing package over spindle's
// testing/internal/testdeps.

// TestPackage is the test binary of one package (spindle test).
type TestPackage struct {
	ImportPath string // the package under test
	Dir        string // its directory, where go test runs the binary
	// Program is the test binary; nil when the package has no test files
	// or did not compile (Err says why).
	Program *Program
	Err     error
}

// NoTestFiles reports whether the package has no _test.go files (go test
// prints "?   \tpkg\t[no test files]").
func (t *TestPackage) NoTestFiles() bool { return t.Program == nil && t.Err == nil }

// CompileTests compiles the test binaries of the packages patterns name,
// resolved from dir as go test resolves them: import paths, ./...
// patterns, directories, or .go files of one directory (the package
// "command-line-arguments"). It needs the go command, which generates
// each binary's main package. A package that does not compile has its
// error in TestPackage.Err; the error returned is the go command's, when
// it could not list the packages at all.
func CompileTests(opts CompileOptions, dir string, patterns ...string) ([]*TestPackage, error) {
	return CompileTestsContext(context.Background(), opts, dir, patterns...)
}

// CompileTestsContext is CompileTests, stopped by ctx as CompileContext
// is: once ctx is done it returns ctx's error (wrapped).
func CompileTestsContext(ctx context.Context, opts CompileOptions, dir string, patterns ...string) ([]*TestPackage, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := golist.ListTestsCached(ctx, listStore(opts), dir, patterns, nil)
	if err := ctx.Err(); err != nil {
		return nil, compileCancelled(err) // the go command was killed
	}
	if err != nil {
		return nil, err
	}
	byID := map[string]*golist.Package{}
	for _, p := range pkgs {
		byID[p.ImportPath] = p
	}
	// go list -deps puts dependencies first; go test reports the packages
	// by import path.
	slices.SortStableFunc(pkgs, func(a, b *golist.Package) int { return strings.Compare(a.ImportPath, b.ImportPath) })
	rel := relPath(dir)
	var out []*TestPackage
	for _, p := range pkgs {
		if p.DepOnly || p.ForTest != "" || strings.HasSuffix(p.ImportPath, ".test") && byID[strings.TrimSuffix(p.ImportPath, ".test")] != nil {
			continue
		}
		t := &TestPackage{ImportPath: p.ImportPath, Dir: p.Dir}
		out = append(out, t)
		switch {
		case p.Standard:
			t.Err = fmt.Errorf("spindle test: %s is a standard library package: spindle tests only a program's own packages", p.ImportPath)
		case p.Error != nil && len(p.GoFiles)+len(p.TestGoFiles)+len(p.XTestGoFiles) == 0:
			t.Err = &CompileError{Errors: golist.Problems([]*golist.Package{p}, rel)}
		case len(p.TestGoFiles)+len(p.XTestGoFiles) == 0:
			// no test files
		default:
			main := byID[p.ImportPath+".test"]
			if main == nil {
				t.Err = fmt.Errorf("spindle test: the go command listed no test binary for %s", p.ImportPath)
				break
			}
			t.Program, t.Err = compileTestBinary(ctx, opts, main, byID, rel)
			if err := ctx.Err(); err != nil {
				return nil, compileCancelled(err)
			}
		}
	}
	return out, nil
}

// compileTestBinary compiles the test binary whose generated main
// package is main, with the packages it reaches (byID: go list's answer,
// by the ids its Imports use).
func compileTestBinary(ctx context.Context, opts CompileOptions, main *golist.Package, byID map[string]*golist.Package, rel func(string) string) (*Program, error) {
	var closure []*golist.Package
	seen := map[string]bool{}
	var visit func(id string)
	visit = func(id string) {
		if seen[id] {
			return
		}
		seen[id] = true
		p := byID[id]
		if p == nil {
			return
		}
		for _, im := range p.Imports {
			visit(im)
		}
		closure = append(closure, p)
	}
	visit(main.ImportPath)
	for _, p := range closure {
		if p.Error != nil && guestStd().Has(p.ImportPath) {
			p.Error = nil
		}
	}
	if problems := golist.Problems(closure, rel); len(problems) > 0 {
		return nil, &CompileError{Errors: problems}
	}
	if len(main.GoFiles) != 1 {
		return nil, fmt.Errorf("spindle test: the go command generated no main package for %s", main.ImportPath)
	}
	deps := map[string]*loader.Source{}
	var mainSrc *loader.Source
	budget := newSourceBudget(opts)
	for _, p := range closure {
		if p.Standard || p.Dir == "" {
			continue
		}
		path, _, _ := strings.Cut(p.ImportPath, " [")
		src := &loader.Source{Path: path, ImportMap: p.ImportMap}
		if p.Module != nil && p.Module.GoVersion != "" {
			src.GoVersion = "go" + p.Module.GoVersion
		}
		if p == main {
			b, err := budget.read(p.GoFiles[0], "_testmain.go")
			if err != nil {
				return nil, err
			}
			src.Path, src.TestMain = "main", true
			src.Names, src.Srcs = []string{"_testmain.go"}, [][]byte{b}
			mainSrc = src
			continue
		}
		for _, f := range p.GoFiles {
			// Absolute, as go test compiles them: runtime.Caller and
			// tracebacks name them so (compile errors are made relative
			// below, as the go command prints them).
			name := filepath.Join(p.Dir, f)
			b, err := budget.read(name, rel(name))
			if err != nil {
				return nil, err
			}
			src.Names = append(src.Names, name)
			src.Srcs = append(src.Srcs, b)
		}
		deps[p.ImportPath] = src
	}
	if mainSrc == nil {
		return nil, errors.New("spindle test: no main package")
	}
	prog, err := compileLoaded(ctx, opts, mainSrc, deps)
	var ce *CompileError
	if errors.As(err, &ce) {
		for i, e := range ce.Errors {
			if filepath.IsAbs(e) {
				ce.Errors[i] = rel(e)
			}
		}
	}
	return prog, err
}
