package spindle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

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
// resolves the module and its requirements through the proxy). With a
// compile cache and an exact version (not a query such as @latest, whose
// answer changes), the scratch module is kept in the cache (scratchModule),
// so a later run needs neither go get nor go list.
func compileVersioned(ctx context.Context, opts CompileOptions, arg string) (*Program, error) {
	pkg, version, _ := strings.Cut(arg, "@")
	// GOWORK=off: go run pkg@version ignores the workspace, as it does the
	// current module.
	if opts.Cache != "" && exactVersion.MatchString(version) {
		dir, err := scratchModule(ctx, opts.Cache, arg)
		if err == nil {
			return compilePackages(ctx, opts, dir, []string{pkg}, "GOWORK=off")
		}
		if ctx.Err() != nil {
			return nil, compileCancelled(ctx.Err())
		}
		var ge *golist.GetError
		if errors.As(err, &ge) {
			return nil, err
		}
		// The cache cannot hold it: a scratch module of this run's own.
	}
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
	return compilePackages(ctx, opts, tmp, []string{pkg}, "GOWORK=off")
}

// exactVersion matches a module version that names one version for ever
// (v1.2.3, a pseudo-version, +incompatible), not a query.
var exactVersion = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+incompatible)?$`)

// scratchModule returns the directory of a scratch module requiring arg
// (pkg@version), kept in the compile cache's run/ directory: made once,
// with go get, in a temporary directory renamed into place (a concurrent
// run either finds it whole or makes its own and loses the rename).
func scratchModule(ctx context.Context, cacheDir, arg string) (string, error) {
	sum := sha256.Sum256([]byte("spindle run scratch 1\x00" + arg))
	runDir := filepath.Join(cacheDir, "run")
	dir := filepath.Join(runDir, hex.EncodeToString(sum[:12]))
	ready := filepath.Join(dir, "ready")
	if st, err := os.Stat(ready); err == nil {
		if time.Since(st.ModTime()) > time.Hour {
			os.Chtimes(ready, time.Now(), time.Now()) // used (cache.Trim)
		}
		return dir, nil
	}
	if err := os.MkdirAll(runDir, 0o777); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(runDir, ".tmp-")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module spindle.run/scratch\n"), 0o666); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := golist.Get(ctx, tmp, arg); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "ready"), nil, 0o666); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if _, serr := os.Stat(ready); serr == nil {
			return dir, nil // another run made it first
		}
		return "", err
	}
	return dir, nil
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
