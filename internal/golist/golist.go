// Package golist resolves the packages of a guest program the way the go
// command does, by asking it: `go list -deps -json` for linux/amd64 with
// cgo off, which applies go.mod's requirements (minimal version
// selection, replace, exclude), go.work workspaces, vendor/ directories,
// the module cache and the module proxy (GOPROXY, GOFLAGS, GONOSUMDB and
// go.sum as the user's go command has them), and build constraints.
//
// Owns: running the go command and turning its answer into package
// sources, and remembering its answers (cached.go). Imports only
// internal/cache (the store and its stat records) of the module; must not
// import the loader, the compiler or the VM (deps_test.go checks the
// rules).
package golist

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Package is one package of go list's answer (the fields spindle uses).
type Package struct {
	ImportPath string
	Name       string
	DepOnly    bool // listed only as a dependency of the patterns' packages
	Dir        string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	SFiles     []string
	Imports    []string
	ImportMap  map[string]string
	Module     *Module
	Error      *PackageError
	DepsErrors []*PackageError

	// With ListTests (go list -test): a test variant of a package, "p [p.test]",
	// is ForTest p, and p's test binary is the package "p.test", whose one
	// GoFile is go test's generated main.
	ForTest      string
	TestGoFiles  []string
	XTestGoFiles []string
}

// Module is the module a package belongs to.
type Module struct {
	Path      string
	Version   string
	Main      bool
	GoVersion string  // the go directive of its go.mod
	GoMod     string  // the go.mod file
	Dir       string  // the module's root directory
	Replace   *Module // what replaces it (go.mod's replace)
}

// PackageError is a package that could not be loaded.
type PackageError struct {
	ImportStack []string
	Pos         string
	Err         string
}

// Tags are the build tags spindle adds to the go command's: many modules
// keep a pure-Go fallback for their assembly behind "purego".
const Tags = "purego"

// tags returns the build tags for the go command: the user's (-tags in
// GOFLAGS, which a -tags flag would replace) and Tags.
func tags() string {
	t := Tags
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if v, ok := strings.CutPrefix(f, "-tags="); ok && v != "" {
			t = v + "," + t
		} else if v, ok := strings.CutPrefix(f, "--tags="); ok && v != "" {
			t = v + "," + t
		}
	}
	return t
}

// Env returns the environment for the go command: the host's, for
// linux/amd64 with cgo off.
func Env() []string {
	return append(os.Environ(), "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
}

// List runs `go list -e -deps -json` on patterns in dir and returns the
// packages, dependencies before the packages that import them, as the
// go command orders them.
func List(ctx context.Context, dir string, patterns []string, env []string) ([]*Package, error) {
	return list(ctx, dir, patterns, env, false)
}

// ListTests is List with the packages' tests (go list -test): the test
// variants of the packages and their test binaries' main packages, which
// go test generates.
func ListTests(ctx context.Context, dir string, patterns []string, env []string) ([]*Package, error) {
	return list(ctx, dir, patterns, env, true)
}

func list(ctx context.Context, dir string, patterns []string, env []string, test bool) ([]*Package, error) {
	out, err := run(ctx, dir, patterns, env, test)
	if err != nil {
		return nil, err
	}
	return decodeList(out)
}

var errNoGo = errors.New("spindle: resolving packages outside spindle's standard library needs the go command (for go.mod, the module cache and the module proxy), and it is not on PATH")

// decodeList reads go list -json's output.
func decodeList(out []byte) ([]*Package, error) {
	var pkgs []*Package
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(Package)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("spindle: reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// Get runs `go get arg` in the module at dir (the scratch module of a
// `spindle run pkg@version`), which adds the module and its requirements.
// The go command's own failure is a *GetError.
func Get(ctx context.Context, dir, arg string) error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return errors.New("spindle: running pkg@version needs the go command (for the module proxy), and it is not on PATH")
	}
	cmd := exec.CommandContext(ctx, goCmd, "get", "--", arg)
	cmd.Dir = dir
	cmd.Env = append(Env(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return &GetError{Msg: msg}
	}
	return nil
}

// GetError is go get's failure, in its words.
type GetError struct{ Msg string }

func (e *GetError) Error() string { return e.Msg }

var goRoot = sync.OnceValue(func() string {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	if root := localGoRoot(goCmd); root != "" {
		return root
	}
	out, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// GoRoot returns the go command's GOROOT (asked once per process), or ""
// when there is no go command: where Go's own std sources are.
func GoRoot() string { return goRoot() }

// Problems returns what keeps the non-std packages of pkgs from being
// compiled by spindle, one "file:line:col: message" (or plain message)
// each: the go command's errors, cgo and assembly.
func Problems(pkgs []*Package, rel func(string) string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	byPath := map[string]*Package{}
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	for _, p := range pkgs {
		if p.Error != nil && strings.HasPrefix(p.Error.Err, "import cycle not allowed") && len(p.Error.ImportStack) > 1 {
			add(importCycle(p.Error, byPath))
		} else if p.Error != nil {
			if p.Error.Pos != "" {
				add(rel(p.Error.Pos) + ": " + p.Error.Err)
			} else {
				add(p.Error.Err)
			}
		}
		if p.Standard {
			continue
		}
		for _, f := range p.CgoFiles {
			add(fmt.Sprintf("%s: package %s uses cgo, which spindle cannot run (it has no pure-Go fallback for linux/amd64 with cgo off)", rel(filepath.Join(p.Dir, f)), p.ImportPath))
		}
		for _, f := range p.SFiles {
			if hostAssembly[p.ImportPath] {
				break
			}
			add(fmt.Sprintf("%s: package %s uses assembly, which spindle cannot run (no pure-Go fallback under the purego tag)", rel(filepath.Join(p.Dir, f)), p.ImportPath))
		}
	}
	return out
}

// importCycle renders an import cycle as the go command does: the import
// stack, each import with the file of the importing package that makes
// it.
func importCycle(e *PackageError, byPath map[string]*Package) string {
	var b strings.Builder
	b.WriteString("package " + e.ImportStack[0])
	for i := 1; i < len(e.ImportStack); i++ {
		b.WriteString("\n\timports " + e.ImportStack[i])
		if f := importingFile(byPath[e.ImportStack[i-1]], e.ImportStack[i]); f != "" {
			b.WriteString(" from " + f)
		}
	}
	return b.String() + ": " + e.Err
}

// importingFile returns the name of the first file of p that imports
// path ("" if none is found).
func importingFile(p *Package, path string) string {
	if p == nil {
		return ""
	}
	fset := token.NewFileSet()
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, im := range f.Imports {
			if strings.Trim(im.Path.Value, `"`) == path {
				return filepath.Base(name)
			}
		}
	}
	return ""
}

// hostAssembly are the modules' packages whose assembly entry points
// spindle's host provides (internal/std/xsys.go: the raw system calls of
// golang.org/x/sys/unix, the CPU feature probes of x/sys/cpu).
var hostAssembly = map[string]bool{"golang.org/x/sys/unix": true, "golang.org/x/sys/cpu": true}

// localGoRoot returns the GOROOT the go command would report without
// running it (which costs tens of milliseconds at every start), when
// nothing can make it switch toolchains: no GOTOOLCHAIN other than local
// or auto, and no go.mod or go.work (whose toolchain lines could) in the
// working directory or above. It is $GOROOT if set, else the tree holding
// the go binary; "" when unsure (the caller asks the go command).
func localGoRoot(goCmd string) string {
	if tc := os.Getenv("GOTOOLCHAIN"); tc != "" && tc != "local" && tc != "auto" {
		return ""
	}
	if os.Getenv("GOWORK") != "" && os.Getenv("GOWORK") != "off" {
		return ""
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		for _, name := range []string{"go.mod", "go.work"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return ""
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	root := os.Getenv("GOROOT")
	if root == "" {
		bin, err := filepath.EvalSymlinks(goCmd)
		if err != nil {
			return ""
		}
		root = filepath.Dir(filepath.Dir(bin))
	}
	for _, f := range []string{"VERSION", "src/runtime/runtime.go", "src/io/fs/fs.go"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			return ""
		}
	}
	return root
}
