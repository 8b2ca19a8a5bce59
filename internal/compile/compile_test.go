package compile_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spindle/internal/compile"
	"spindle/internal/loader"
	"spindle/internal/vm"
)

var update = flag.Bool("update", false, "rewrite the golden disassembly files")

func compileSrc(t *testing.T, src string) *vm.Program {
	t.Helper()
	std := loader.NewStd(os.DirFS("../../_std"))
	lp, err := std.LoadMain([]string{"prog.go"}, [][]byte{[]byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	// These programs reach no bodyless (host) function, so no host table.
	p, err := compile.Compile(context.Background(), lp, compile.Options{Sanity: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGolden compiles each testdata/*.go program and compares the
// disassembly of its main-package functions with testdata/*.golden, so a
// code generation change reads as a diff (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.go")
	if len(files) == 0 {
		t.Fatal("no golden programs")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			p := compileSrc(t, string(src))
			var b strings.Builder
			for _, fn := range p.Funcs() {
				if strings.HasPrefix(fn.Name, "main.") && fn.Host == nil {
					if err := vm.Verify(fn); err != nil {
						t.Error(err)
					}
					b.WriteString(vm.Disasm(fn))
				}
			}
			golden := strings.TrimSuffix(path, ".go") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if b.String() != string(want) {
				t.Errorf("disassembly changed (go test -update to accept):\n got:\n%s\nwant:\n%s", b.String(), want)
			}
		})
	}
}

// Compiling the same program twice gives the same code: globals are loaded
// in register order and functions listed in a fixed order, whatever the
// order of the maps behind them.
func TestCompileIsDeterministic(t *testing.T) {
	const src = `package main

var a, b, c, d, e = 1, 2, 3, 4, 5

type T struct{}

func (T) A() int { return a }
func (T) B() int { return b }
func (T) C() int { return c }
func (T) D() int { return d }

type I interface{ A() int; B() int; C() int; D() int }

func main() {
	var x I = T{}
	e = a + b + c + d + x.A() + x.B() + x.C() + x.D()
	println(e)
}
`
	disasm := func() string {
		var b strings.Builder
		for _, fn := range compileSrc(t, src).Funcs() {
			b.WriteString(vm.Disasm(fn))
		}
		return b.String()
	}
	first := disasm()
	for i := 0; i < 8; i++ {
		if got := disasm(); got != first {
			t.Fatalf("compilation %d differs from the first:\n%s\nfirst:\n%s", i+2, got, first)
		}
	}
}
