package cache

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func key(s string) Key { return Key(sha256.Sum256([]byte(s))) }

func TestPutGet(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a")); ok {
		t.Fatal("hit in an empty cache")
	}
	if err := c.Put(key("a"), []byte("hello")); err != nil {
		t.Fatal(err)
	}
	if b, ok := c.Get(key("a")); !ok || string(b) != "hello" {
		t.Fatalf("Get = %q, %v", b, ok)
	}
	if _, ok := c.Get(key("b")); ok {
		t.Fatal("hit for another key")
	}
	// Replacing an entry.
	c.Put(key("a"), []byte("bye"))
	if b, ok := c.Get(key("a")); !ok || string(b) != "bye" {
		t.Fatalf("Get after replace = %q, %v", b, ok)
	}
}

// A damaged entry (truncated, a flipped byte, another key's file) is a
// miss.
func TestDamagedEntryIsMiss(t *testing.T) {
	c, _ := Open(t.TempDir())
	content := bytes.Repeat([]byte("spindle"), 100)
	damage := map[string]func(b []byte) []byte{
		"truncated":    func(b []byte) []byte { return b[:len(b)-10] },
		"flipped byte": func(b []byte) []byte { b[len(b)-5] ^= 1; return b },
		"longer":       func(b []byte) []byte { return append(b, 'x') },
		"empty":        func(b []byte) []byte { return nil },
		"other key":    func(b []byte) []byte { b[len(magic)] ^= 1; return b },
	}
	for name, f := range damage {
		k := key(name)
		if err := c.Put(k, content); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(c.path(k))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(c.path(k), f(b), 0o666)
		if _, ok := c.Get(k); ok {
			t.Errorf("%s: damaged entry read", name)
		}
	}
}

// Concurrent writers and readers of one key see either nothing or a whole
// entry.
func TestConcurrent(t *testing.T) {
	dir := t.TempDir()
	content := bytes.Repeat([]byte{7}, 1<<16)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := Open(dir)
			if err != nil {
				t.Error(err)
				return
			}
			for j := 0; j < 20; j++ {
				if err := c.Put(key("k"), content); err != nil {
					t.Error(err)
				}
				if b, ok := c.Get(key("k")); ok && !bytes.Equal(b, content) {
					t.Error("partial entry read")
				}
			}
		}()
	}
	wg.Wait()
	matches, _ := filepath.Glob(filepath.Join(dir, "*", ".tmp-*"))
	if len(matches) != 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

func TestTrimAndClean(t *testing.T) {
	dir := t.TempDir()
	c, _ := Open(dir)
	now := time.Now()
	c.now = func() time.Time { return now }
	c.Put(key("old"), []byte("1"))
	c.Put(key("new"), []byte("2"))
	old := now.Add(-6 * 24 * time.Hour)
	os.Chtimes(c.path(key("old")), old, old)
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("old")); ok {
		t.Error("entry unused for 6 days survived Trim")
	}
	if _, ok := c.Get(key("new")); !ok {
		t.Error("Trim removed a fresh entry")
	}
	// Scratch modules (run/<hash>/ready) unused as long go too.
	for _, name := range []string{"oldmod", "newmod"} {
		os.MkdirAll(filepath.Join(dir, "run", name), 0o777)
		os.WriteFile(filepath.Join(dir, "run", name, "ready"), nil, 0o666)
	}
	os.Chtimes(filepath.Join(dir, "run", "oldmod", "ready"), old, old)
	os.Remove(filepath.Join(dir, "trim.txt"))
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "run", "oldmod")); err == nil {
		t.Error("scratch module unused for 6 days survived Trim")
	}
	if _, err := os.Stat(filepath.Join(dir, "run", "newmod")); err != nil {
		t.Error("Trim removed a fresh scratch module")
	}
	// A second Trim within a day does nothing.
	c.Put(key("old2"), []byte("3"))
	os.Chtimes(c.path(key("old2")), old, old)
	c.Trim()
	if _, err := os.Stat(c.path(key("old2"))); err != nil {
		t.Error("Trim ran twice in a day")
	}
	// Get marks an entry used.
	c.now = func() time.Time { return now.Add(2 * time.Hour) }
	c.Get(key("new"))
	if st, _ := os.Stat(c.path(key("new"))); st.ModTime().Before(now.Add(time.Hour)) {
		t.Error("Get did not mark the entry used")
	}
	// Files that are not the cache's, even in its subdirectories, stay.
	other := filepath.Join(dir, "ab", "notes.txt")
	os.MkdirAll(filepath.Dir(other), 0o777)
	os.WriteFile(other, []byte("mine"), 0o666)
	os.Chtimes(other, old, old)
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Error("Clean removed a file that is not an entry")
	}
	if _, err := os.Stat(filepath.Join(dir, "run")); err == nil {
		t.Error("Clean left the scratch modules")
	}
	for _, k := range []string{"new", "old2"} {
		if _, ok := c.Get(key(k)); ok {
			t.Errorf("%s survived Clean", k)
		}
	}
}

func TestDir(t *testing.T) {
	t.Setenv(Env, "off")
	if d, err := Dir(); d != "" || err != nil {
		t.Errorf("off: %q, %v", d, err)
	}
	t.Setenv(Env, "relative/dir")
	if _, err := Dir(); err == nil {
		t.Error("relative SPINDLE_CACHE accepted")
	}
	t.Setenv(Env, "/abs/dir")
	if d, _ := Dir(); d != "/abs/dir" {
		t.Errorf("Dir = %q", d)
	}
}

func TestSelfID(t *testing.T) {
	id, err := SelfID()
	if err != nil || id == "" {
		t.Fatalf("SelfID = %q, %v", id, err)
	}
}

func TestWritable(t *testing.T) {
	dir := t.TempDir()
	c, _ := Open(dir)
	if !c.Writable() {
		t.Fatal("fresh directory not writable")
	}
	if os.Geteuid() == 0 {
		t.Skip("root writes read-only directories")
	}
	ro := t.TempDir()
	c, _ = Open(ro)
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	if c.Writable() {
		t.Error("read-only directory reported writable")
	}
}
