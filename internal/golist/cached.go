package golist

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// Remembered answers.
//
// Asking the go command costs about 0.1 s, most of a cached program's
// start. So with a Store, List keeps its answer together with what the
// answer was read from: the go command itself, its configuration file,
// every go.mod, go.work, go.sum and vendor/modules.txt that decides the
// build list, the directory of every package outside the module cache
// (the main module's, a workspace's, a local replacement's, vendor/'s)
// and each of their .go files, and, in the directories from dir up to the
// root, where go.mod and go.work files are and are not. The answer is
// used again while every one of them has the size and modification time
// it had (or is still absent), as the go command trusts modification times
// for its own caches. Module cache directories are not checked: the go
// command never changes a module there once written. An answer recorded
// within two seconds of a file's modification is not kept, since a second
// change within the file system's time granularity could go unseen.

// Store keeps remembered answers (spindle's compile cache).
type Store interface {
	Get(key [32]byte) ([]byte, bool)
	Put(key [32]byte, data []byte) error
}

// statEntry is one file or directory an answer was read from.
type statEntry struct {
	Path  string
	Found bool
	Dir   bool  `json:",omitempty"`
	Size  int64 `json:",omitempty"`
	MTime int64 `json:",omitempty"` // nanoseconds
}

// remembered is a Store entry: the stats to check, then go list's output.
type remembered struct {
	Stats []statEntry
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
	key, ok := listKey(dir, patterns, env, test)
	if !ok || s == nil {
		return list(ctx, dir, patterns, env, test)
	}
	if b, ok := s.Get(key); ok {
		var r remembered
		if json.Unmarshal(b, &r) == nil && unchanged(r.Stats) {
			if pkgs, err := decodeList(r.Out); err == nil {
				return pkgs, nil
			}
		}
	}
	out, err := run(ctx, dir, patterns, env, test)
	if err != nil {
		return nil, err
	}
	pkgs, err := decodeList(out)
	if err != nil {
		return nil, err
	}
	if stats, ok := answerStats(dir, pkgs); ok {
		if b, err := json.Marshal(remembered{Stats: stats, Out: out}); err == nil {
			s.Put(key, b)
		}
	}
	return pkgs, nil
}

// listKey hashes the question: the directory, the patterns, the go
// command's environment and which go command answers.
func listKey(dir string, patterns []string, env []string, test bool) (k [32]byte, ok bool) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return k, false
	}
	h := sha256.New()
	var buf []byte
	str := func(s string) {
		buf = binary.AppendUvarint(buf[:0], uint64(len(s)))
		h.Write(buf)
		h.Write([]byte(s))
	}
	str("spindle go list 1")
	str(goCmd)
	if st, err := os.Stat(goCmd); err == nil {
		str(st.ModTime().String())
		str(st.Name())
	}
	str(dir)
	str(strings.Join(patterns, "\x00"))
	if test {
		str("test")
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
	h.Sum(k[:0])
	return k, true
}

// runs counts the go list commands run (tests).
var runs atomic.Int64

// run runs go list and returns its output.
func run(ctx context.Context, dir string, patterns []string, env []string, test bool) ([]byte, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, errNoGo
	}
	fields := "ImportPath,Name,DepOnly,Dir,Standard,GoFiles,CgoFiles,SFiles,Imports,ImportMap,Module,Error,DepsErrors"
	args := []string{"list", "-e", "-deps", "-tags=" + tags()}
	if test {
		args = append(args, "-test")
		fields += ",ForTest,TestGoFiles,XTestGoFiles"
	}
	args = append(append(args, "-json="+fields, "--"), patterns...)
	cmd := exec.CommandContext(ctx, goCmd, args...)
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

// answerStats returns what pkgs were read from (see above); !ok when the
// answer should not be kept (an error in it, a file changed too recently,
// a directory that cannot be read).
func answerStats(dir string, pkgs []*Package) ([]statEntry, bool) {
	var stats []statEntry
	seen := map[string]bool{}
	modCache := moduleCache()
	now := time.Now()
	fresh := false
	add := func(path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		e := statEntry{Path: path}
		if st, err := os.Stat(path); err == nil {
			e.Found, e.Dir, e.Size, e.MTime = true, st.IsDir(), st.Size(), st.ModTime().UnixNano()
			if now.Sub(st.ModTime()) < 2*time.Second {
				fresh = true
			}
		}
		stats = append(stats, e)
	}
	if goCmd, err := exec.LookPath("go"); err == nil {
		add(goCmd)
	}
	if cfg, err := os.UserConfigDir(); err == nil {
		add(filepath.Join(cfg, "go", "env"))
	}
	for d := dir; ; d = filepath.Dir(d) {
		add(filepath.Join(d, "go.mod"))
		add(filepath.Join(d, "go.work"))
		add(filepath.Join(d, "go.work.sum"))
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, p := range pkgs {
		if p.Error != nil || len(p.DepsErrors) > 0 {
			return nil, false
		}
		if p.Standard || p.Dir == "" {
			continue
		}
		if modCache != "" && strings.HasPrefix(p.Dir, modCache+string(filepath.Separator)) {
			continue // the module cache: never changes
		}
		if m := p.Module; m != nil {
			for _, gm := range []string{m.GoMod, m.Replace.goMod()} {
				if gm != "" && (modCache == "" || !strings.HasPrefix(gm, modCache+string(filepath.Separator))) {
					add(gm)
					add(strings.TrimSuffix(gm, ".mod") + ".sum")
					add(filepath.Join(filepath.Dir(gm), "vendor", "modules.txt"))
				}
			}
		}
		add(p.Dir)
		ents, err := os.ReadDir(p.Dir)
		if err != nil {
			return nil, false
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".go") {
				add(filepath.Join(p.Dir, e.Name()))
			}
		}
	}
	if fresh {
		return nil, false
	}
	return stats, true
}

// unchanged reports whether every entry still stats as it did.
func unchanged(stats []statEntry) bool {
	for _, e := range stats {
		st, err := os.Stat(e.Path)
		if err != nil {
			if e.Found || !errors.Is(err, fs.ErrNotExist) {
				return false
			}
			continue
		}
		if !e.Found || st.IsDir() != e.Dir || st.Size() != e.Size || st.ModTime().UnixNano() != e.MTime {
			return false
		}
	}
	return true
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
