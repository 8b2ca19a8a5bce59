// os's FileMode, FileInfo, DirEntry and PathError are io/fs's: errors.As
// into *fs.PathError, []fs.DirEntry from os.ReadDir, ModTime.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

func main() {
	fi, err := os.Stat("/tmp")
	fmt.Println(fi.IsDir(), fi.Mode().IsDir(), err, !fi.ModTime().IsZero())
	_, err = os.Open("/nonexistent/x")
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, errors.Is(err, fs.ErrNotExist))
	var mode os.FileMode = fs.ModeDir | 0755
	fmt.Println(mode, fs.ValidPath("a/b"), fs.ValidPath("../a"))
	ents, _ := os.ReadDir("/")
	var de []fs.DirEntry = ents
	fmt.Println(len(de) > 0)
}

// Output:
// true true <nil> true
// true open true
// drwxr-xr-x true false
// true
