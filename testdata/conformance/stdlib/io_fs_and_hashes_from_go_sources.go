// io/fs, hash/crc64 and hash/adler32 compile from Go's own sources (the
// last two over spindle's hash package, which has Go 1.25's Cloner).
package main

import (
	"fmt"
	"hash/adler32"
	"hash/crc64"
	"io/fs"
	"path"
)

func main() {
	fmt.Println(adler32.Checksum([]byte("Wikipedia")))
	fmt.Printf("%x\n", crc64.Checksum([]byte("spindle"), crc64.MakeTable(crc64.ECMA)))
	h := crc64.New(crc64.MakeTable(crc64.ISO))
	h.Write([]byte("abc"))
	fmt.Printf("%x %d\n", h.Sum64(), h.Size())
	fmt.Println(fs.ValidPath("a/b"), fs.ValidPath("../a"), fs.ValidPath("/a"), path.Clean("a//b/../c"))
	fmt.Println(fs.ErrNotExist, fs.ModeDir|0o755, fs.FileMode(0o644).String())
	var pe error = &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}
	fmt.Println(pe)
}

// Output:
// 300286872
// e8cf2535a8a4cbff
// 3776c42000000000 8
// true false false a/c
// file does not exist drwxr-xr-x -rw-r--r--
// open x: permission denied
