package golist

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

type mapStore struct {
	sync.Mutex
	m map[[32]byte][]byte
}

func (s *mapStore) Get(k [32]byte) ([]byte, bool) {
	s.Lock()
	defer s.Unlock()
	b, ok := s.m[k]
	return b, ok
}

func (s *mapStore) Put(k [32]byte, b []byte) error {
	s.Lock()
	defer s.Unlock()
	s.m[k] = b
	return nil
}

// writeOld writes a file with a modification time an hour ago, so that
// the answer read from it may be kept (answerStats).
func writeOld(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{name, filepath.Dir(name)} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// A remembered answer is used while nothing it was read from changed, and
// a change to any of it (a file's content, a new file in a package, a new
// go.work above the module, go.mod) asks the go command again.
func TestListCached(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root := t.TempDir()
	mod := filepath.Join(root, "m")
	writeOld(t, filepath.Join(mod, "go.mod"), "module example.com/m\n\ngo 1.22\n")
	writeOld(t, filepath.Join(mod, "util", "util.go"), "package util\n\nfunc F() int { return 1 }\n")
	writeOld(t, filepath.Join(mod, "main.go"), "package main\n\nimport \"example.com/m/util\"\n\nfunc main() { println(util.F()) }\n")
	s := &mapStore{m: map[[32]byte][]byte{}}
	list := func() []*Package {
		t.Helper()
		pkgs, err := ListCached(context.Background(), s, mod, []string{"."}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkgs
	}
	check := func(step string, wantRun bool) {
		t.Helper()
		before := runs.Load()
		pkgs := list()
		if ran := runs.Load() != before; ran != wantRun {
			t.Errorf("%s: go list run = %v, want %v", step, ran, wantRun)
		}
		if len(pkgs) == 0 || pkgs[len(pkgs)-1].ImportPath != "example.com/m" {
			t.Errorf("%s: wrong answer %v", step, pkgs)
		}
	}
	check("first", true)
	check("unchanged", false)
	check("unchanged again", false)

	writeOld(t, filepath.Join(mod, "util", "util.go"), "package util\n\nimport \"strings\"\n\nfunc F() int { return len(strings.Repeat(\"x\", 2)) }\n")
	check("file edited", true)
	check("after edit", false)

	writeOld(t, filepath.Join(mod, "util", "more.go"), "package util\n")
	check("file added", true)
	check("after add", false)

	writeOld(t, filepath.Join(root, "go.work"), "go 1.23\n\nuse ./m\n")
	check("go.work created above", true)
	check("after go.work", false)

	writeOld(t, filepath.Join(mod, "go.mod"), "module example.com/m\n\ngo 1.22.1\n")
	check("go.mod edited", true)

	// A file changed within the file system's time granularity of the
	// answer is not trusted: the answer is not kept.
	if err := os.WriteFile(filepath.Join(mod, "util", "util.go"), []byte("package util\n\nfunc F() int { return 3 }\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	check("fresh edit", true)
	check("fresh edit not kept", true)
}

// ageTree dates everything under root half an hour back (see writeOld;
// less than an hour, after which the go command marks its cache files
// used).
func ageTree(t *testing.T, root string) {
	t.Helper()
	old := time.Now().Add(-30 * time.Minute)
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chtimes(path, old, old)
		}
		return nil
	})
}

// A pattern with "..." is asked again when a package appears below it,
// even under a directory that is no package; a test binary's answer is
// asked again when the go command's build cache, which holds the
// generated test main, is cleaned.
func TestListCachedNewPackagesAndTestMain(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	mod := t.TempDir()
	writeOld(t, filepath.Join(mod, "go.mod"), "module example.com/m\n\ngo 1.22\n")
	writeOld(t, filepath.Join(mod, "cmd", "x", "x.go"), "package main\n\nfunc main() {}\n")
	writeOld(t, filepath.Join(mod, "cmd", "x", "x_test.go"), "package main\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n")
	s := &mapStore{m: map[[32]byte][]byte{}}
	gocache := t.TempDir()
	env := []string{"GOCACHE=" + gocache}
	list := func(test bool) ([]*Package, bool) {
		t.Helper()
		before := runs.Load()
		pkgs, err := listCached(context.Background(), s, mod, []string{"./..."}, env, test)
		if err != nil {
			t.Fatal(err)
		}
		return pkgs, runs.Load() != before
	}
	ageTree(t, mod)
	list(false)
	if _, ran := list(false); ran {
		t.Fatal("unchanged tree asked again")
	}
	writeOld(t, filepath.Join(mod, "cmd", "y", "y.go"), "package main\n\nfunc main() {}\n")
	ageTree(t, mod)
	pkgs, ran := list(false)
	if !ran {
		t.Fatal("a new package under ./... not seen")
	}
	found := false
	for _, p := range pkgs {
		found = found || p.ImportPath == "example.com/m/cmd/y"
	}
	if !found {
		t.Fatal("new package missing from the answer")
	}

	list(true)
	ageTree(t, gocache)
	list(true)
	if _, ran := list(true); ran {
		t.Fatal("unchanged test answer asked again")
	}
	if err := os.RemoveAll(gocache); err != nil {
		t.Fatal(err)
	}
	pkgs, ran = list(true)
	if !ran {
		t.Fatal("answer naming a test main in a cleaned build cache reused")
	}
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			if filepath.IsAbs(f) {
				if _, err := os.Stat(f); err != nil {
					t.Errorf("answer names a missing file: %v", err)
				}
			}
		}
	}
}
