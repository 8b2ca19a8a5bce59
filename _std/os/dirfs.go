package os

import (
	"errors"
	"io/fs"
)

// DirFS returns a file system (an fs.FS) for the tree of files rooted at
// the directory dir, as Go's does: names are slash-separated and
// unrooted (fs.ValidPath), and errors name the path given, not the
// joined one. It implements fs.StatFS, fs.ReadFileFS, fs.ReadDirFS and
// fs.ReadLinkFS; the run's grants apply to every call through it.
func DirFS(dir string) fs.FS { return dirFS(dir) }

type dirFS string

// path is the host path of name, or ErrInvalid for a name fs.FS does
// not accept.
func (dir dirFS) path(name string) (string, error) {
	if dir == "" {
		return "", errors.New("os: DirFS with empty root")
	}
	if !fs.ValidPath(name) {
		return "", ErrInvalid
	}
	for i := 0; i < len(name); i++ {
		if name[i] == 0 {
			return "", ErrInvalid
		}
	}
	if IsPathSeparator(dir[len(dir)-1]) {
		return string(dir) + name, nil
	}
	return string(dir) + string(PathSeparator) + name, nil
}

// at calls call with name's host path, as each of Go's dirFS methods
// does: a name fs.FS does not accept fails with op, and an error names
// the path as the caller gave it, not the joined one.
func at[T any](dir dirFS, op, name string, call func(string) (T, error)) (T, error) {
	var zero T
	full, err := dir.path(name)
	if err != nil {
		return zero, &PathError{Op: op, Path: name, Err: err}
	}
	v, err := call(full)
	if err != nil {
		if e, ok := err.(*PathError); ok {
			e.Path = name
		}
		return zero, err
	}
	return v, nil
}

func (dir dirFS) Open(name string) (fs.File, error) {
	f, err := at(dir, "open", name, Open)
	if err != nil {
		return nil, err // not a nil *File in a non-nil fs.File
	}
	return f, nil
}

func (dir dirFS) ReadFile(name string) ([]byte, error) {
	return at(dir, "readfile", name, ReadFile)
}

func (dir dirFS) ReadDir(name string) ([]DirEntry, error) {
	return at(dir, "readdir", name, ReadDir)
}

func (dir dirFS) Stat(name string) (fs.FileInfo, error) { return at(dir, "stat", name, Stat) }

func (dir dirFS) Lstat(name string) (fs.FileInfo, error) { return at(dir, "lstat", name, Lstat) }

// ReadLink's error names the joined path, as Go's does.
func (dir dirFS) ReadLink(name string) (string, error) {
	full, err := dir.path(name)
	if err != nil {
		return "", &PathError{Op: "readlink", Path: name, Err: err}
	}
	return Readlink(full)
}
