package spindle_test

import (
	"bytes"
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"spindle"
)

// Every conformance program, compiled into a fresh cache and then read
// back from it, runs as the program compiled from source does: the
// codecs lose nothing a program observes.
func TestConformanceFromCache(t *testing.T) {
	files, err := filepath.Glob("testdata/conformance/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance programs: %v", err)
	}
	sort.Strings(files)
	dir := t.TempDir()
	for _, path := range files {
		c := parseCase(t, path)
		if c.skip != "" || c.compileError != "" {
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(path, "testdata/conformance/"), ".go")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := spindle.CompileOptions{Cache: dir}
			if p, err := spindle.Compile(opts, c.path); err != nil {
				t.Fatal(err)
			} else if spindle.FromCache(p) {
				t.Fatal("first compile read from a fresh cache")
			}
			prog, err := spindle.Compile(opts, c.path)
			if err != nil {
				t.Fatal(err)
			}
			if !spindle.FromCache(prog) {
				t.Fatal("second compile not read from the cache")
			}
			shards := c.shards
			if len(shards) == 0 {
				shards = []int{0}
			}
			for _, n := range shards {
				stdout, stderr, code := runProgram(t, prog, c.path, spindle.RunOptions{Args: c.args, Stdin: strings.NewReader(c.stdin), Reductions: c.reductions, Shards: n})
				checkCase(t, c, stdout, stderr, code)
			}
		})
	}
}

// A program read back from the cache binds the embedder's host functions
// of this compile, not those of the compile that stored it; without them
// it is no hit but the compile error.
func TestCacheRebindsHostFuncs(t *testing.T) {
	dir := t.TempDir()
	src := spindle.File{Name: "main.go", Src: []byte("package main\n\nimport \"fmt\"\n\nfunc get() int\n\nfunc main() { fmt.Println(get()) }\n")}
	for i, want := range []string{"1\n", "2\n"} {
		n := i + 1
		opts := spindle.CompileOptions{Cache: dir, Host: []spindle.HostFunc{{Name: "main.get", Fn: func() int { return n }}}}
		p, err := spindle.CompileSource(opts, src)
		if err != nil {
			t.Fatal(err)
		}
		if spindle.FromCache(p) != (i == 1) {
			t.Errorf("compile %d: from the cache = %v", i, spindle.FromCache(p))
		}
		var out bytes.Buffer
		if _, err := p.Run(context.Background(), spindle.RunOptions{Stdout: &out}); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Errorf("compile %d printed %q, want %q", i, out.String(), want)
		}
	}
	if _, err := spindle.CompileSource(spindle.CompileOptions{Cache: dir}, src); err == nil || !strings.Contains(err.Error(), "missing function body") {
		t.Errorf("without the host function: %v", err)
	}
}
