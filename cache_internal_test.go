package spindle

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"spindle/internal/cache"
	"spindle/internal/std"
)

// FromCache reports whether p was read back from the compile cache.
func FromCache(p *Program) bool { return p.cached }

// An entry is read back only while the GOROOT files its compile read are
// as they were (a distribution's patch to the std keeps VERSION).
func TestCacheEntryChecksGoRootFiles(t *testing.T) {
	p, err := CompileSource(CompileOptions{}, File{Name: "main.go", Src: []byte("package main\n\nfunc main() { println(1) }\n")})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "src.go")
	os.WriteFile(f, []byte("package x\n"), 0o666)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(f, old, old)
	stats := cache.NewStats()
	stats.Add(f)
	stats.Add(filepath.Dir(f))
	data, err := encodeEntry(p.p, stats)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeEntry(data, std.Host); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	os.WriteFile(f, []byte("package x // patched\n"), 0o666)
	os.Chtimes(f, old, old)
	if _, err := decodeEntry(data, std.Host); err == nil {
		t.Fatal("entry read back after a GOROOT file it was compiled from changed")
	}
}

// A damaged entry that passes the checksum (written by something else)
// is refused or decodes to verified code; it never panics.
func TestDecodeDamagedProgram(t *testing.T) {
	p, err := CompileSource(CompileOptions{}, File{Name: "main.go", Src: []byte("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := 0; i < 3; i++ {\n\t\tfmt.Println(i)\n\t}\n}\n")})
	if err != nil {
		t.Fatal(err)
	}
	data, err := encodeProgram(p.p)
	if err != nil {
		t.Fatal(err)
	}
	rng := uint64(1)
	next := func() int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng >> 1)
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		b := append([]byte(nil), data...)
		for k := 0; k <= next()%3; k++ {
			b[next()%len(b)] ^= byte(1 + next()%255)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("mutation %d: decode panicked: %v", i, r)
				}
			}()
			decodeProgram(b, std.Host)
		}()
	}
}

// Only exact versions keep a scratch module in the cache: a query's
// answer changes.
func TestExactVersion(t *testing.T) {
	for v, want := range map[string]bool{
		"v1.2.3": true, "v0.0.0-20250915201037-7f05d217867b": true, "v2.0.0+incompatible": true,
		"v1.2.3-rc.1": true, "latest": false, "v1": false, "v1.2": false, "master": false, "upgrade": false, "": false,
	} {
		if got := exactVersion.MatchString(v); got != want {
			t.Errorf("exactVersion(%q) = %v", v, got)
		}
	}
}
