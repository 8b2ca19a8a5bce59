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

// named reports err with name as its path, as the caller gave it.
func named(err error, name string) error {
	if e, ok := err.(*PathError); ok {
		e.Path = name
	}
	return err
}

func (dir dirFS) Open(name string) (fs.File, error) {
	full, err := dir.path(name)
	if err != nil {
		return nil, &PathError{Op: "open", Path: name, Err: err}
	}
	f, err := Open(full)
	if err != nil {
		return nil, named(err, name)
	}
	return f, nil
}

func (dir dirFS) ReadFile(name string) ([]byte, error) {
	full, err := dir.path(name)
	if err != nil {
		return nil, &PathError{Op: "readfile", Path: name, Err: err}
	}
	b, err := ReadFile(full)
	if err != nil {
		return nil, named(err, name)
	}
	return b, nil
}

func (dir dirFS) ReadDir(name string) ([]DirEntry, error) {
	full, err := dir.path(name)
	if err != nil {
		return nil, &PathError{Op: "readdir", Path: name, Err: err}
	}
	es, err := ReadDir(full)
	if err != nil {
		return nil, named(err, name)
	}
	return es, nil
}

func (dir dirFS) Stat(name string) (fs.FileInfo, error) {
	full, err := dir.path(name)
	if err != nil {
		return nil, &PathError{Op: "stat", Path: name, Err: err}
	}
	fi, err := Stat(full)
	if err != nil {
		return nil, named(err, name)
	}
	return fi, nil
}

func (dir dirFS) Lstat(name string) (fs.FileInfo, error) {
	full, err := dir.path(name)
	if err != nil {
		return nil, &PathError{Op: "lstat", Path: name, Err: err}
	}
	fi, err := Lstat(full)
	if err != nil {
		return nil, named(err, name)
	}
	return fi, nil
}

func (dir dirFS) ReadLink(name string) (string, error) {
	full, err := dir.path(name)
	if err != nil {
		return "", &PathError{Op: "readlink", Path: name, Err: err}
	}
	return Readlink(full)
}
