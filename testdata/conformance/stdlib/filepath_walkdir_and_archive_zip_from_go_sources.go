// Go's own path/filepath (WalkDir, IsLocal) over spindle's os, and
// archive/zip writing and reading an archive in memory.
package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	dir, _ := os.MkdirTemp("", "fp")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(dir, "a", "b", "f.txt"), []byte("x"), 0o644)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		fmt.Println(rel, d.IsDir())
		return nil
	})
	fmt.Println(filepath.IsLocal("a/../b"), filepath.IsLocal("../x"))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("hello.txt")
	w.Write([]byte("hello zip"))
	zw.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	fmt.Println(err, len(zr.File), zr.File[0].Name)
	rc, _ := zr.File[0].Open()
	b, _ := io.ReadAll(rc)
	fmt.Println(string(b))
}

// Output:
// . true
// a true
// a/b true
// a/b/f.txt false
// true false
// <nil> 1 hello.txt
// hello zip
