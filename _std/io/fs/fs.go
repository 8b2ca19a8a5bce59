// Package fs is spindle's fallback io/fs, used only when there is no Go
// toolchain to compile Go's own io/fs from (the loader prefers Go's; see
// docs/STDLIB.md). It holds what spindle's os needs to share its types
// with io/fs: FileMode, FileInfo, DirEntry, PathError, the error values,
// FS, File and ReadDirFile, ValidPath, SkipDir and SkipAll. The helpers
// built on FS (ReadFile, ReadDir, Stat, Sub, Glob, WalkDir) need Go's.
package fs

import (
	"errors"
	"internal/oserror"
	"time"
)

// Generic file system errors.
var (
	ErrInvalid    = oserror.ErrInvalid
	ErrPermission = oserror.ErrPermission
	ErrExist      = oserror.ErrExist
	ErrNotExist   = oserror.ErrNotExist
	ErrClosed     = oserror.ErrClosed
)

// SkipDir and SkipAll are WalkDirFunc results (see Go's io/fs).
var (
	SkipDir = errors.New("skip this directory")
	SkipAll = errors.New("skip everything and stop the walk")
)

// An FS provides access to a hierarchical file system.
type FS interface {
	Open(name string) (File, error)
}

// A File provides access to a single file.
type File interface {
	Stat() (FileInfo, error)
	Read([]byte) (int, error)
	Close() error
}

// A ReadDirFile is a directory file whose entries can be read with the
// ReadDir method.
type ReadDirFile interface {
	File
	ReadDir(n int) ([]DirEntry, error)
}

// A DirEntry is an entry read from a directory.
type DirEntry interface {
	Name() string
	IsDir() bool
	Type() FileMode
	Info() (FileInfo, error)
}

// A FileInfo describes a file and is returned by Stat.
type FileInfo interface {
	Name() string
	Size() int64
	Mode() FileMode
	ModTime() time.Time
	IsDir() bool
	Sys() any
}

// A FileMode represents a file's mode and permission bits.
type FileMode uint32

// The defined file mode bits are the most significant bits of the FileMode.
const (
	ModeDir        FileMode = 1 << (32 - 1 - iota) // d: is a directory
	ModeAppend                                     // a: append-only
	ModeExclusive                                  // l: exclusive use
	ModeTemporary                                  // T: temporary file; Plan 9 only
	ModeSymlink                                    // L: symbolic link
	ModeDevice                                     // D: device file
	ModeNamedPipe                                  // p: named pipe (FIFO)
	ModeSocket                                     // S: Unix domain socket
	ModeSetuid                                     // u: setuid
	ModeSetgid                                     // g: setgid
	ModeCharDevice                                 // c: Unix character device, when ModeDevice is set
	ModeSticky                                     // t: sticky
	ModeIrregular                                  // ?: non-regular file; nothing else is known about this file

	// ModeType masks the type bits. For regular files, none will be set.
	ModeType = ModeDir | ModeSymlink | ModeNamedPipe | ModeSocket | ModeDevice | ModeCharDevice | ModeIrregular

	ModePerm FileMode = 0777 // Unix permission bits
)

func (m FileMode) String() string {
	const letters = "dalTLDpSugct?"
	var b []byte
	for i := 0; i < len(letters); i++ {
		if m&(1<<uint(31-i)) != 0 {
			b = append(b, letters[i])
		}
	}
	if len(b) == 0 {
		b = append(b, '-')
	}
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<uint(8-i)) != 0 {
			b = append(b, rwx[i])
		} else {
			b = append(b, '-')
		}
	}
	return string(b)
}

// IsDir reports whether m describes a directory.
func (m FileMode) IsDir() bool { return m&ModeDir != 0 }

// IsRegular reports whether m describes a regular file.
func (m FileMode) IsRegular() bool { return m&ModeType == 0 }

// Perm returns the Unix permission bits in m.
func (m FileMode) Perm() FileMode { return m & ModePerm }

// Type returns type bits in m (m & ModeType).
func (m FileMode) Type() FileMode { return m & ModeType }

// PathError records an error and the operation and file path that
// caused it.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

func (e *PathError) Unwrap() error { return e.Err }

// Timeout reports whether this error represents a timeout.
func (e *PathError) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// ValidPath reports whether the given path name is valid for use in a
// call to Open: unrooted, slash-separated, without empty, "." or ".."
// elements (but "." itself).
func ValidPath(name string) bool {
	if name == "." {
		return true
	}
	for {
		i := 0
		for i < len(name) && name[i] != '/' {
			i++
		}
		elem := name[:i]
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
		if i == len(name) {
			return true
		}
		name = name[i+1:]
	}
}
