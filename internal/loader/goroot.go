package loader

// Go's own standard library packages.
//
// A std package that spindle's embedded std does not have is compiled
// from Go's own sources in the toolchain's GOROOT (never copied into
// spindle), with the files go build would select for linux/amd64 without
// cgo and with the purego tag. Its imports resolve the same way: to
// spindle's package where it has one (spindle's replaces Go's where the
// runtime shows through), else to Go's. A package that needs assembly,
// cgo or the runtime's internals fails with a compile error that names
// it and the reason.

import (
	"context"
	"fmt"
	"go/build"
	"go/parser"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// goSourceError is a std package spindle does not have whose Go source
// does not compile under spindle, with the first cause found (in it or
// in a package it imports).
type goSourceError struct {
	pkg, cause string
}

func (e *goSourceError) Error() string {
	return fmt.Sprintf("package %s is not provided by spindle's guest standard library, and Go's own source of it does not compile under spindle (%s)", e.pkg, e.cause)
}

// firstLine returns err's first line.
func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// BuildTags returns the build configuration the files of Go's std are
// selected by: the tags, the tool tags (GOEXPERIMENT and GOAMD64 of this
// process) and the release tags (for the compile cache's key).
func BuildTags() string {
	c := goRootContext
	return strings.Join(c.BuildTags, ",") + ";" + strings.Join(c.ToolTags, ",") + ";" + strings.Join(c.ReleaseTags, ",")
}

// goRootContext selects files as go build does for spindle's target.
var goRootContext = func() build.Context {
	c := build.Default
	c.GOOS, c.GOARCH, c.CgoEnabled = "linux", "amd64", false
	// Go's own pure-Go fallbacks: purego (crypto and others),
	// math_big_pure_go.
	c.BuildTags = []string{"purego", "math_big_pure_go"}
	c.GOPATH = ""
	return c
}()

// runtimeBound are Go's std packages that work on gc's runtime internals
// (type descriptors, the scheduler, memory layout): spindle must provide
// its own, so Go's sources of them are never compiled.
var runtimeBound = map[string]bool{
	"reflect": true, "internal/reflectlite": true, "internal/abi": true,
	"unique": true, "weak": true, "iter": true, "sync": true, "sync/atomic": true,
	"os": true, "syscall": true, "time": true, "unsafe": true, "plugin": true,
}

// vendored returns the path under which a std package's import p is
// found: Go's std imports golang.org/x packages from GOROOT/src/vendor,
// as "vendor/golang.org/x/...", the path gc gives them too. A user's
// import of the same path is a module's, never the std's copy.
func (s *Std) vendored(p string) string {
	if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") || s.GoRoot == nil {
		return p
	}
	if root := s.GoRoot(); root != "" {
		if st, err := os.Stat(filepath.Join(root, "src", "vendor", filepath.FromSlash(p))); err == nil && st.IsDir() {
			return "vendor/" + p
		}
	}
	return p
}

// goRootOverlays are the std packages that are Go's own, compiled from
// the toolchain's sources, but for the files listed, which spindle's own
// files of the package (embedded under _std/) replace: compress/flate's
// compressor runs on the host (Go's inflate is compiled as it is).
// Without a toolchain only spindle's files exist.
var goRootOverlays = map[string][]string{
	"compress/flate": {"deflate.go", "deflatefast.go", "huffman_bit_writer.go", "huffman_code.go", "token.go"},
}

// goRootDir returns the directory of Go's std package p, or "".
func (s *Std) goRootDir(p string) string {
	if s.GoRoot == nil || p == "" || p == "C" || strings.Contains(strings.SplitN(p, "/", 2)[0], ".") {
		return ""
	}
	if runtimeBound[p] || p == "runtime" || strings.HasPrefix(p, "runtime/") || strings.HasPrefix(p, "internal/runtime/") ||
		strings.HasPrefix(p, "internal/syscall/") || p == "internal/poll" {
		return ""
	}
	root := s.GoRoot()
	if root == "" {
		return ""
	}
	dir := filepath.Join(root, "src", filepath.FromSlash(p))
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return ""
	}
	return dir
}

// loadGoRoot parses and checks Go's own package p from dir.
func (s *Std) loadGoRoot(p, dir string) (*Package, error) {
	bp, err := goRootContext.ImportDir(dir, 0)
	if err != nil {
		return nil, fmt.Errorf("package %s (Go's own source): %v", p, err)
	}
	if len(bp.CgoFiles) > 0 {
		return nil, fmt.Errorf("package %s (Go's own source) needs cgo (%s), which spindle cannot run", p, bp.CgoFiles[0])
	}
	var files []string
	var srcs [][]byte
	if drop := goRootOverlays[p]; drop != nil {
		ents, _ := fs.ReadDir(s.FS, p)
		for _, e := range ents {
			if isSource(e.Name()) {
				b, err := fs.ReadFile(s.FS, path.Join(p, e.Name()))
				if err != nil {
					return nil, err
				}
				files = append(files, "$std/"+p+"/"+e.Name())
				srcs = append(srcs, b)
			}
		}
		bp.GoFiles = slices.DeleteFunc(slices.Clone(bp.GoFiles), func(name string) bool { return slices.Contains(drop, name) })
	}
	s.noteGoRootRead(dir)
	for _, name := range bp.GoFiles {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		s.noteGoRootRead(filepath.Join(dir, name))
		files = append(files, "$GOROOT/src/"+p+"/"+name)
		srcs = append(srcs, b)
	}
	if p == "embed" {
		// gc's compiler fills an embed.FS; spindle's loader calls this
		// constructor instead (embed.go), added to Go's package as a file
		// of its own.
		files = append(files, "$spindle/embed/spindle_fs.go")
		srcs = append(srcs, []byte(embedFSSource))
	}
	if err := addFastPaths(p, files, srcs); err != nil {
		return nil, err
	}
	parsed, err := s.parse(context.Background(), &Source{Path: p, Names: files, Srcs: srcs}, parser.ParseComments) // the std: never abandoned
	if err != nil {
		return nil, &goSourceError{pkg: p, cause: firstLine(err)}
	}
	s.preload(parsed)
	// An import that does not compile is this package's cause too.
	for _, f := range parsed {
		for _, im := range f.Imports {
			ip := s.vendored(strings.Trim(im.Path.Value, `"`))
			if ip == "unsafe" || ip == "C" {
				continue
			}
			if _, err := s.Load(ip); err != nil {
				if ge, ok := err.(*goSourceError); ok {
					return nil, &goSourceError{pkg: p, cause: ge.cause}
				}
				return nil, &goSourceError{pkg: p, cause: firstLine(err)}
			}
		}
	}
	pkg, err := check(p, s.Fset, parsed, stdImporter{s}, GoVersion)
	if err != nil {
		return nil, &goSourceError{pkg: p, cause: firstLine(err)}
	}
	pkg.Std, pkg.GoSource = true, true
	return pkg, nil
}
