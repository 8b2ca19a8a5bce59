package spindle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spindle"
)

// Compile takes what `go run` takes: Go files, or one directory whose
// non-test .go files form the package; anything else is an error that
// says what is wrong.
func TestCompilePaths(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.go", "package main\n\nfunc main() { println(helper()) }\n")
	b := write("b.go", "package main\n\nfunc helper() string { return \"b\" }\n")
	write("a_test.go", "package main\n\nthis is not Go\n")
	empty := t.TempDir()
	tests := []struct {
		name  string
		paths []string
		err   string // substring of the error; "" means it compiles
	}{
		{"directory", []string{dir}, ""},
		{"files", []string{a, b}, ""},
		{"a file missing its helper", []string{a}, "a.go:3:23: undefined: helper"},
		{"directory and a file", []string{dir, a}, dir + " is a directory: give one directory or only .go files"},
		{"no paths", nil, "spindle: no Go files to compile"},
		{"empty directory", []string{empty}, "spindle: no Go files in " + empty},
		{"missing file", []string{filepath.Join(dir, "nope.go")}, "no such file or directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := spindle.Compile(spindle.CompileOptions{}, tc.paths...)
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("error %v, want one containing %q", err, tc.err)
			}
		})
	}
	if _, err := spindle.CompileSource(spindle.CompileOptions{}); err == nil || err.Error() != "spindle: no Go files to compile" {
		t.Errorf("CompileSource of nothing: %v", err)
	}
}
