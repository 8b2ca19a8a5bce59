package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
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

// Types nested 2,000 deep, in a few KB of source, compile and run (issue
// 20: the compiler's type table keys a type by its parts' classes, where
// typeutil.Map's hashes of such types all collided and compiling took
// minutes), each level a distinct type, interned: reflect finds the types
// the compiler made.
func TestDeeplyNestedTypes(t *testing.T) {
	const depth = 2000
	nest := func(pre, base, post string) string {
		return strings.Repeat(pre, depth) + base + strings.Repeat(post, depth)
	}
	tests := []struct {
		name, src, want string
	}{
		{"slices", `var x, y ` + nest("[]", "int", "") + `
var inner ` + nest("[]", "", "")[2:] + `int
func main() {
	y = append(y, nil)
	fmt.Println(len(x), x == nil, len(y), reflect.TypeOf(x) == reflect.TypeOf(y))
	fmt.Println(reflect.SliceOf(reflect.TypeOf(inner)) == reflect.TypeOf(x), reflect.TypeOf(x).Elem() == reflect.TypeOf(inner))
	fmt.Printf("%v %d\n", x, len(fmt.Sprintf("%T", x)))
}`, "0 true 1 true\ntrue true\n[] 4003\n"},
		{"pointers_to_slices", `var x ` + nest("[]*", "int", "") + `
func main() {
	x = append(x, nil)
	t := reflect.TypeOf(x)
	for i := 0; i < 2*` + fmt.Sprint(depth) + `; i++ {
		t = t.Elem()
	}
	fmt.Println(len(x), x[0] == nil, reflect.TypeOf(x).Elem() == reflect.TypeOf(x[0]), t.Kind(), len(reflect.TypeOf(x).String()))
}`, "1 true true int 6003\n"},
		{"arrays", `var x ` + nest("[1]", "int", "") + `
func main() {
	y := x
	fmt.Println(len(x), x == y, reflect.TypeOf(x).Size(), reflect.TypeOf(x).Align())
}`, "1 true 8 8\n"},
		{"maps", `func main() {
	x := ` + nest("map[int]", "string", "") + `{}
	fmt.Println(len(x), reflect.TypeOf(x).Key().Kind(), reflect.TypeOf(x).Elem().Kind())
}`, "0 int map\n"},
		{"channels", `func main() {
	x := make(` + nest("chan ", "bool", "") + `, 1)
	x <- nil
	fmt.Println(cap(x), len(x), (<-x) == nil, reflect.TypeOf(x).ChanDir())
}`, "1 1 true chan\n"},
		{"funcs", `var x ` + nest("func() ", "int", "") + `
func main() {
	fmt.Println(x == nil, reflect.TypeOf(x).NumIn(), reflect.TypeOf(x).Out(0).Kind())
}`, "true 0 func\n"},
		{"structs", `var x ` + nest("struct{ X ", "int", " }") + `
func main() {
	y := x
	fmt.Println(x == y, reflect.TypeOf(x).NumField(), reflect.TypeOf(x).Size())
}`, "true 1 8\n"},
		{"interfaces", `var x ` + nest("interface{ M() ", "int", " }") + `
func main() {
	fmt.Println(x == nil, reflect.TypeOf(&x).Elem().NumMethod())
}`, "true 1\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "package main\n\nimport (\n\t\"fmt\"\n\t\"reflect\"\n)\n\n" + tc.src + "\n"
			prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: tc.name + ".go", Src: []byte(src)})
			if err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &errb})
			if err != nil || code != 0 {
				t.Fatalf("exit %d, %v; stderr:\n%s", code, err, errb.String())
			}
			if out.String() != tc.want {
				t.Errorf("output %q, want %q", out.String(), tc.want)
			}
		})
	}
}

// A compile reads no more Go source than CompileOptions.MaxSourceBytes
// (64 MiB by default): the file that passes it is named, and a file on
// disk past it is not read.
func TestCompileSourceLimit(t *testing.T) {
	dir := t.TempDir()
	small := "package main\n\nfunc main() { println(helper()) }\n"
	large := "package main\n\nfunc helper() string { return \"" + strings.Repeat("x", 1000) + "\" }\n"
	for name, src := range map[string]string{"a.go": small, "b.go": large} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	limit := int64(len(small) + len(large) - 1)
	want := func(name string, limit string) string {
		return name + ": the program's Go source exceeds the compile limit (" + limit + ", CompileOptions.MaxSourceBytes)"
	}
	huge := spindle.File{Name: "huge.go", Src: append([]byte(small+"\n// "), bytes.Repeat([]byte{'x'}, spindle.DefaultMaxSourceBytes)...)}
	tests := []struct {
		name string
		do   func() error
		want string // "": it compiles
	}{
		{"directory", func() error {
			_, err := spindle.Compile(spindle.CompileOptions{MaxSourceBytes: limit}, dir)
			return err
		}, want(filepath.Join(dir, "b.go"), fmt.Sprint(limit, " bytes"))},
		{"in memory", func() error {
			_, err := spindle.CompileSource(spindle.CompileOptions{MaxSourceBytes: 1 << 10}, spindle.File{Name: "a.go", Src: []byte(small)}, spindle.File{Name: "b.go", Src: []byte(large)})
			return err
		}, want("b.go", "1 KiB")},
		{"default", func() error {
			_, err := spindle.CompileSource(spindle.CompileOptions{}, huge)
			return err
		}, want("huge.go", "64 MiB")},
		{"no limit", func() error {
			_, err := spindle.Compile(spindle.CompileOptions{MaxSourceBytes: -1}, dir)
			return err
		}, ""},
		{"within it", func() error {
			_, err := spindle.Compile(spindle.CompileOptions{MaxSourceBytes: limit + 1}, dir)
			return err
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			var ce *spindle.CompileError
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%v", err)
			case tc.want != "" && (!errors.As(err, &ce) || err.Error() != tc.want):
				t.Errorf("error %v, want the CompileError %q", err, tc.want)
			}
		})
	}
}

// A context done before or while a compile runs ends it with an error
// wrapping the context's (compile_internal_test.go cancels at each
// check).
func TestCompileContextDone(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "main.go")
	if err := os.WriteFile(p, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := spindle.CompileContext(ctx, spindle.CompileOptions{}, p); !errors.Is(err, context.Canceled) {
		t.Errorf("CompileContext: %v", err)
	}
	if _, err := spindle.CompileSourceContext(ctx, spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte("package main\n\nfunc main() {}\n")}); !errors.Is(err, context.Canceled) {
		t.Errorf("CompileSourceContext: %v", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		return
	}
	if _, err := spindle.CompileTestsContext(ctx, spindle.CompileOptions{}, "testdata/gotest", "./..."); !errors.Is(err, context.Canceled) {
		t.Errorf("CompileTestsContext: %v", err)
	}
}
