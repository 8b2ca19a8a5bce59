// os.DirFS serves a directory as an fs.FS: fs.WalkDir, fs.ReadFile,
// fs.Glob, fs.Sub, fs.Stat, fs.Lstat and fs.ReadLink go through it,
// names are checked with fs.ValidPath, and errors name the path as given.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	base, _ := os.MkdirTemp("", "dirfs")
	defer os.RemoveAll(base)
	os.MkdirAll(filepath.Join(base, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(base, "top.txt"), []byte("top"), 0o644)
	os.WriteFile(filepath.Join(base, "a", "one.go"), []byte("package a"), 0o644)
	os.WriteFile(filepath.Join(base, "a", "b", "two.txt"), []byte("two"), 0o600)

	fsys := os.DirFS(base)
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println(p, d.IsDir(), err)
		return nil
	})
	b, err := fs.ReadFile(fsys, "a/b/two.txt")
	fmt.Printf("%q %v\n", b, err)
	fi, err := fs.Stat(fsys, "a/one.go")
	fmt.Println(fi.Name(), fi.Size(), fi.IsDir(), err)
	matches, err := fs.Glob(fsys, "*/*.go")
	fmt.Println(matches, err)
	sub, _ := fs.Sub(fsys, "a")
	es, err := fs.ReadDir(sub, ".")
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	fmt.Println(names, err)
	li, err := fs.Lstat(fsys, "top.txt")
	fmt.Println(li.Name(), li.Mode().IsRegular(), err)
	_, err = fs.ReadLink(fsys, "top.txt") // the error names the joined path
	fmt.Println(errors.Is(err, fs.ErrInvalid))

	for _, name := range []string{"../escape", "/abs", "a/../top.txt", "missing.txt", "a//one.go", ""} {
		_, err := fsys.Open(name)
		fmt.Println(err, errors.Is(err, fs.ErrInvalid), errors.Is(err, fs.ErrNotExist))
	}
	_, err = fs.ReadFile(fsys, "../x")
	fmt.Println(err)
	_, err = fs.Stat(fsys, "nope")
	fmt.Println(err)
	_, err = fs.ReadDir(fsys, "top.txt")
	fmt.Println(err)
	_, err = os.DirFS("").Open("x")
	fmt.Println(err)
	f, err := fsys.Open("top.txt")
	if err == nil {
		st, _ := f.Stat()
		fmt.Println(st.Name(), st.Size())
		f.Close()
	}
}

// Output:
// . true <nil>
// a true <nil>
// a/b true <nil>
// a/b/two.txt false <nil>
// a/one.go false <nil>
// top.txt false <nil>
// "two" <nil>
// one.go 9 false <nil>
// [a/one.go] <nil>
// [b one.go] <nil>
// top.txt true <nil>
// false
// open ../escape: invalid argument true false
// open /abs: invalid argument true false
// open a/../top.txt: invalid argument true false
// open missing.txt: no such file or directory false true
// open a//one.go: invalid argument true false
// open : invalid argument true false
// readfile ../x: invalid argument
// stat nope: no such file or directory
// open top.txt: not a directory
// open x: os: DirFS with empty root
// top.txt 3
