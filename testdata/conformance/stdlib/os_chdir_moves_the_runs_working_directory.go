// os.Chdir changes the run's working directory: relative paths, Getwd,
// temp files, renames, errors (which keep the relative path) and child
// processes start from it.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	// The conformance harness runs programs with an empty environment.
	if os.Getenv("PATH") == "" {
		os.Setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
	}
	base, _ := os.MkdirTemp("", "chdir")
	defer os.RemoveAll(base)
	os.MkdirAll(filepath.Join(base, "a", "b"), 0o755)
	fmt.Println(os.Chdir(filepath.Join(base, "a")))
	wd, _ := os.Getwd()
	fmt.Println(strings.TrimPrefix(wd, base))
	fmt.Println(os.WriteFile("b/f.txt", []byte("hi"), 0o644))
	b, err := os.ReadFile(filepath.Join(base, "a", "b", "f.txt"))
	fmt.Println(string(b), err)
	fmt.Println(os.Chdir("b"))
	b, err = os.ReadFile("f.txt")
	fmt.Println(string(b), err)
	_, err = os.Stat("missing.txt")
	fmt.Println(err)
	fmt.Println(os.Chdir("f.txt"))
	fmt.Println(os.Chdir("nope"))
	out, _ := exec.Command("pwd").Output()
	fmt.Println(strings.TrimPrefix(strings.TrimSpace(string(out)), base))
	f, _ := os.CreateTemp(".", "t*.txt")
	fmt.Println(strings.HasPrefix(f.Name(), "./t"))
	f.Close()
	d, _ := os.MkdirTemp("..", "d")
	fmt.Println(strings.HasPrefix(d, "../d"))
	fmt.Println(os.Rename("f.txt", "g.txt"), os.Rename("none", "x"))
	ents, _ := os.ReadDir("..")
	fmt.Println(len(ents))
	fmt.Println(os.Chdir(".."))
	wd, _ = os.Getwd()
	fmt.Println(strings.TrimPrefix(wd, base))
	abs, err := filepath.Abs("b")
	fmt.Println(strings.TrimPrefix(abs, base), err)
}

// Output:
// <nil>
// /a
// <nil>
// hi <nil>
// <nil>
// hi <nil>
// stat missing.txt: no such file or directory
// chdir f.txt: not a directory
// chdir nope: no such file or directory
// /a/b
// true
// true
// <nil> rename none x: no such file or directory
// 2
// <nil>
// /a
// /a/b <nil>
