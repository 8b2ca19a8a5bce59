package golist

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"spindle/internal/cache"
)

// Remembered answers.
//
// Asking the go command costs about 0.1 s, most of a cached program's
// start. So with a Store, List keeps its answer together with a record
// (cache.Stats) of what the answer was read from: the go command itself,
// its configuration file ($GOENV), every go.mod, go.work ($GOWORK
// included), go.sum and vendor/modules.txt that decides the build list,
// the directory of every package outside the module cache (the main
// module's, a workspace's, a local replacement's, vendor/'s) and each of
// their .go files, every directory below a pattern's "..." (where new
// packages appear), files named outside their package's directory (go
// test's generated main, in the go command's build cache), and, in the
// directories from dir up to the root, where go.mod and go.work files are
// and are not. The answer is used again while every one of them has the
// size and modification time it had (or is still absent), as the go
// command trusts modification times for its own caches. A module cache
// package's files are not checked (the go command never changes them),
// only that its module and directory are still there. An answer is not
// kept when something it was read from changed within two seconds of the
// start of go list, since a second change within the file system's time
// granularity could go unseen. The key hashes the directory, the
// patterns, spindle's build and go list's command line, which go command
// runs, and the GO* variables.

// Store keeps remembered answers (spindle's compile cache).
type Store interface {
	Get(key [32]byte) ([]byte, bool)
	Put(key [32]byte, data []byte) error
}

// remembered is a Store entry: what the answer was read from, then go
// list's output.
type remembered struct {
	Stats cache.Stats
	Out   []byte
}

// ListCached is List, answered from s when nothing it depends on changed.
func ListCached(ctx context.Context, s Store, dir string, patterns []string, env []string) ([]*Package, error) {
	return listCached(ctx, s, dir, patterns, env, false)
}

// ListTestsCached is ListTests, answered from s as ListCached is.
func ListTestsCached(ctx context.Context, s Store, dir string, patterns []string, env []string) ([]*Package, error) {
	return listCached(ctx, s, dir, patterns, env, true)
}

func listCached(ctx context.Context, s Store, dir string, patterns []string, env []string, test bool) ([]*Package, error) {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	key, ok := listKey(dir, patterns, env, test)
	if !ok || s == nil {
		return list(ctx, dir, patterns, env, test)
	}
	if b, ok := s.Get(key); ok {
		var r remembered
		if json.Unmarshal(b, &r) == nil && r.Stats.Unchanged() {
			if pkgs, err := decodeList(r.Out); err == nil {
				return pkgs, nil
			}
		}
	}
	stats := cache.NewStats() // before go list: an edit while it runs is fresh
	out, err := run(ctx, dir, patterns, env, test)
	if err != nil {
		return nil, err
	}
	pkgs, err := decodeList(out)
	if err != nil {
		return nil, err
	}
	if answerStats(stats, dir, patterns, env, pkgs) {
		if b, err := json.Marshal(remembered{Stats: *stats, Out: out}); err == nil {
			s.Put(key, b)
		}
	}
	return pkgs, nil
}

// listKey hashes the question: the directory, the patterns, the go
// command's environment, which go command answers, and the command line
// spindle gives it.
func listKey(dir string, patterns []string, env []string, test bool) (k [32]byte, ok bool) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return k, false
	}
	h := cache.NewHash("spindle go list 2")
	str := h.Str
	if id, err := cache.SelfID(); err == nil {
		str(id)
	}
	str(goCmd)
	if st, err := os.Stat(goCmd); err == nil {
		str(st.ModTime().String())
		str(fmt.Sprint(st.Size()))
	}
	str(dir)
	for _, a := range listArgs(patterns, test) {
		str(a)
	}
	// The go command reads GO* variables (GOFLAGS, GOWORK, GOPROXY, ...),
	// and its configuration file from HOME or XDG_CONFIG_HOME.
	var vars []string
	for _, kv := range append(Env(), env...) {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") || strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_CONFIG_HOME=") {
			vars = append(vars, kv)
		}
	}
	slices.Sort(vars)
	for _, v := range vars {
		str(v)
	}
	return h.Sum(), true
}

// runs counts the go list commands run (tests).
var runs atomic.Int64

// run runs go list and returns its output.
func run(ctx context.Context, dir string, patterns []string, env []string, test bool) ([]byte, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, errNoGo
	}
	cmd := exec.CommandContext(ctx, goCmd, listArgs(patterns, test)...)
	cmd.Dir = dir
	cmd.Env = append(Env(), env...)
	runs.Add(1)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	return stdout.Bytes(), nil
}

// listArgs is go list's command line.
func listArgs(patterns []string, test bool) []string {
	fields := "ImportPath,Name,DepOnly,Dir,Standard,GoFiles,CgoFiles,SFiles,Imports,ImportMap,Module,Error,DepsErrors"
	args := []string{"list", "-e", "-deps", "-tags=" + tags()}
	if test {
		args = append(args, "-test")
		fields += ",ForTest,TestGoFiles,XTestGoFiles"
	}
	return append(append(args, "-json="+fields, "--"), patterns...)
}

// answerStats records in stats what pkgs were read from (see above), and
// reports whether the answer may be kept (no error in it, nothing changed
// too recently, every directory readable).
func answerStats(stats *cache.Stats, dir string, patterns []string, env []string, pkgs []*Package) bool {
	modCache := moduleCache()
	if goCmd, err := exec.LookPath("go"); err == nil {
		stats.Add(goCmd)
	}
	stats.Add(goEnvFile(env))
	if w := lookupEnv(env, "GOWORK"); w != "" && w != "off" {
		stats.Add(w)
		stats.Add(w + ".sum")
	}
	for d := dir; ; d = filepath.Dir(d) {
		stats.Add(filepath.Join(d, "go.mod"))
		stats.Add(filepath.Join(d, "go.work"))
		stats.Add(filepath.Join(d, "go.work.sum"))
		if filepath.Dir(d) == d {
			break
		}
	}
	// A pattern with "..." matches packages that do not exist yet: every
	// directory below its root, whose modification time changes with a
	// new file or subdirectory.
	for _, p := range patterns {
		root, ok := strings.CutSuffix(p, "/...")
		if !ok && p != "..." {
			continue
		}
		if p == "..." {
			root = "."
		}
		if !filepath.IsAbs(root) {
			root = filepath.Join(dir, root)
		}
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if name := d.Name(); path != root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			stats.Add(path)
			return nil
		})
	}
	for _, p := range pkgs {
		if p.Error != nil || len(p.DepsErrors) > 0 {
			return false
		}
		// Files outside the package's directory: go test's generated
		// main, which the go command keeps in its build cache.
		for _, f := range p.GoFiles {
			if filepath.IsAbs(f) {
				stats.Add(f)
			}
		}
		if p.Standard || p.Dir == "" {
			continue
		}
		if modCache != "" && strings.HasPrefix(p.Dir, modCache+string(filepath.Separator)) {
			// The module cache: a module's files never change there, but
			// the whole module goes with go clean -modcache.
			if p.Module != nil {
				stats.Add(p.Module.Dir)
			}
			stats.Add(p.Dir)
			continue
		}
		if m := p.Module; m != nil {
			for _, gm := range []string{m.GoMod, m.Replace.goMod()} {
				if gm != "" && (modCache == "" || !strings.HasPrefix(gm, modCache+string(filepath.Separator))) {
					stats.Add(gm)
					stats.Add(strings.TrimSuffix(gm, ".mod") + ".sum")
					stats.Add(filepath.Join(filepath.Dir(gm), "vendor", "modules.txt"))
				}
			}
		}
		stats.Add(p.Dir)
		ents, err := os.ReadDir(p.Dir)
		if err != nil {
			return false
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".go") {
				stats.Add(filepath.Join(p.Dir, e.Name()))
			}
		}
	}
	return !stats.Fresh
}

// goEnvFile returns the go command's configuration file: $GOENV, else
// go/env in the user's configuration directory.
func goEnvFile(env []string) string {
	if f := lookupEnv(env, "GOENV"); f != "" {
		return f
	}
	if cfg, err := os.UserConfigDir(); err == nil {
		return filepath.Join(cfg, "go", "env")
	}
	return ""
}

// lookupEnv returns variable k as the go command sees it: from env (the
// later setting wins), else the process's.
func lookupEnv(env []string, k string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], k+"="); ok {
			return v
		}
	}
	return os.Getenv(k)
}

// moduleCache returns the module cache directory as the go command finds
// it without a configuration file: GOMODCACHE, else pkg/mod in GOPATH's
// first entry, else in $HOME/go ("" if none).
func moduleCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return filepath.Clean(d)
	}
	if gp := filepath.SplitList(os.Getenv("GOPATH")); len(gp) > 0 && gp[0] != "" {
		return filepath.Join(gp[0], "pkg", "mod")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, "go", "pkg", "mod")
	}
	return ""
}

// goMod returns the go.mod of a replacement module (nil: none).
func (m *Module) goMod() string {
	if m == nil {
		return ""
	}
	return m.GoMod
}
