package spindle

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"spindle/internal/golist"
	"spindle/internal/loader"
)

// Packages outside the guest std.
//
// A program whose imports are all in spindle's guest std compiles from
// its files alone: no go command, no go.mod. One that imports anything
// else (its module's own packages, third-party modules) is resolved by
// the go command (internal/golist): the module's go.mod and go.sum,
// go.work, vendor/, the module cache and the module proxy, and build
// constraints for linux/amd64 with cgo off, exactly as `go run` would.

// needsGoList reports whether files import a package that is not in the
// guest std.
func needsGoList(files []File) bool {
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Name, f.Src, parser.ImportsOnly)
		if err != nil {
			return false // the loader reports it
		}
		for _, im := range af.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if p == "unsafe" || p == "C" || guestStd().Has(p) {
				continue
			}
			// Without a go command, a std-looking path (no dot in its
			// first element) is the loader's to report as not provided.
			if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") || golist.GoRoot() != "" {
				return true
			}
		}
	}
	return false
}

// compilePackages compiles the package patterns name (Go files, a
// directory or an import path) in dir with the packages the go command
// resolves for it.
func compilePackages(ctx context.Context, opts CompileOptions, dir string, patterns []string, env ...string) (*Program, error) {
	pkgs, err := golist.ListCached(ctx, listStore(opts), dir, patterns, env)
	if err := ctx.Err(); err != nil {
		return nil, compileCancelled(err) // the go command was killed
	}
	if err != nil {
		return nil, err
	}
	rel := relPath(dir)
	// Errors about packages spindle's std provides (fiber, or a std
	// package the toolchain lacks) are the go command's, not spindle's.
	for _, p := range pkgs {
		if p.Error != nil && guestStd().Has(p.ImportPath) {
			p.Error = nil
		}
	}
	if problems := golist.Problems(pkgs, rel); len(problems) > 0 {
		return nil, &CompileError{Errors: problems}
	}
	var main *golist.Package
	for _, p := range pkgs {
		if p.DepOnly {
			continue
		}
		if main != nil {
			return nil, fmt.Errorf("spindle: pattern %s matches multiple packages (%s, %s): run one", strings.Join(patterns, " "), main.ImportPath, p.ImportPath)
		}
		main = p
	}
	if main == nil || len(main.GoFiles) == 0 {
		return nil, errors.New("spindle: no Go files to run")
	}
	deps := map[string]*loader.Source{}
	var mainSrc *loader.Source
	budget := newSourceBudget(opts)
	for _, p := range pkgs {
		if p.Standard || p.Dir == "" {
			continue
		}
		src := &loader.Source{Path: p.ImportPath, ImportMap: p.ImportMap}
		if p.Module != nil && p.Module.GoVersion != "" {
			src.GoVersion = "go" + p.Module.GoVersion
		}
		for _, f := range p.GoFiles {
			name := filepath.Join(p.Dir, f)
			b, err := budget.read(name, rel(name))
			if err != nil {
				return nil, err
			}
			src.Names = append(src.Names, rel(name))
			src.Srcs = append(src.Srcs, b)
		}
		if p == main {
			src.Path = "main"
			mainSrc = src
			continue
		}
		deps[p.ImportPath] = src
	}
	return compileLoaded(ctx, opts, mainSrc, deps)
}

// compileVersioned compiles pkg@version as `go run pkg@version` does,
// outside any module: in a scratch module that requires it (go get
// resolves the module and its requirements through the proxy).
func compileVersioned(ctx context.Context, opts CompileOptions, arg string) (*Program, error) {
	pkg, _, _ := strings.Cut(arg, "@")
	tmp, err := os.MkdirTemp("", "spindle-run-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module spindle.run/scratch\n"), 0o666); err != nil {
		return nil, err
	}
	if err := golist.Get(ctx, tmp, arg); err != nil {
		if ctx.Err() != nil {
			return nil, compileCancelled(ctx.Err())
		}
		return nil, err
	}
	// GOWORK=off: go run pkg@version ignores the workspace, as it does the
	// current module.
	return compilePackages(ctx, opts, tmp, []string{pkg}, "GOWORK=off")
}

// relPath returns a function that names a file (or a file:line:col
// position), absolute or relative to base, relative to the current
// directory where that is shorter, as the go command does in its errors.
func relPath(base string) func(string) string {
	wd, err := os.Getwd()
	return func(name string) string {
		file, pos := name, ""
		if i := strings.Index(name, ".go:"); i >= 0 {
			file, pos = name[:i+3], name[i+3:]
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(base, file)
		}
		if err != nil {
			return file + pos
		}
		// The shorter of the two, as the go command's base.ShortPath.
		if r, err := filepath.Rel(wd, file); err == nil && len(r) < len(file) {
			return r + pos
		}
		return file + pos
	}
}
