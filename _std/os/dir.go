package os

func stat(name string, lstat bool) (base string, size int64, mode uint32, mtime int64, code int, op, path, msg string)
func mkdir(name string, perm uint32, all bool) (code int, op, path, msg string)
func remove(name string, all bool) (code int, op, path, msg string)
func rename(oldpath, newpath string) (code int, msg string)
func readDir(name string) (names []string, modes []uint32, code int, op, path, msg string)
func tempDir() string
func getwd() (dir string, code int, op, path, msg string)
func mkdirTemp(dir, pattern string) (name string, code int, op, path, msg string)
func createTemp(dir, pattern string) (fd int, name string, code int, op, path, msg string)
func chmod(name string, mode uint32) (code int, op, path, msg string)
func truncate(name string, size int64) (code int, op, path, msg string)

// Stat returns a FileInfo describing the named file.
func Stat(name string) (FileInfo, error) {
	base, size, mode, mtime, code, op, path, msg := stat(name, false)
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &fileStat{name: base, size: size, mode: FileMode(mode), mtime: mtime}, nil
}

// Lstat returns a FileInfo describing the named file without following a
// final symbolic link.
func Lstat(name string) (FileInfo, error) {
	base, size, mode, mtime, code, op, path, msg := stat(name, true)
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &fileStat{name: base, size: size, mode: FileMode(mode), mtime: mtime}, nil
}

// Mkdir creates a new directory with the specified name and permission bits.
func Mkdir(name string, perm FileMode) error {
	return mkerr(mkdir(name, uint32(perm), false))
}

// MkdirAll creates a directory named path, along with any necessary parents.
func MkdirAll(path string, perm FileMode) error {
	return mkerr(mkdir(path, uint32(perm), true))
}

// Remove removes the named file or (empty) directory.
func Remove(name string) error {
	return mkerr(remove(name, false))
}

// RemoveAll removes path and any children it contains.
func RemoveAll(path string) error {
	return mkerr(remove(path, true))
}

// Rename renames (moves) oldpath to newpath.
func Rename(oldpath, newpath string) error {
	code, msg := rename(oldpath, newpath)
	if code == eNone {
		return nil
	}
	return &LinkError{"rename", oldpath, newpath, &errno{msg, code}}
}

// ReadDir reads the named directory, returning all its directory entries
// sorted by filename.
func ReadDir(name string) ([]DirEntry, error) {
	names, modes, code, op, path, msg := readDir(name)
	ents := make([]DirEntry, 0, len(names))
	for i, n := range names {
		ents = append(ents, &dirEntry{dir: name, name: n, mode: FileMode(modes[i])})
	}
	if code != eNone {
		return ents, mkerr(code, op, path, msg)
	}
	return ents, nil
}

// TempDir returns the default directory to use for temporary files.
func TempDir() string { return tempDir() }

// Getwd returns a rooted path name corresponding to the current directory.
func Getwd() (dir string, err error) {
	dir, code, op, path, msg := getwd()
	return dir, mkerr(code, op, path, msg)
}

// MkdirTemp creates a new temporary directory in the directory dir and
// returns its pathname.
func MkdirTemp(dir, pattern string) (string, error) {
	name, code, op, path, msg := mkdirTemp(dir, pattern)
	return name, mkerr(code, op, path, msg)
}

// CreateTemp creates a new temporary file in the directory dir, opens it
// for reading and writing, and returns the resulting file.
func CreateTemp(dir, pattern string) (*File, error) {
	fd, name, code, op, path, msg := createTemp(dir, pattern)
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &File{fd: fd, name: name}, nil
}

// Chmod changes the mode of the named file to mode.
func Chmod(name string, mode FileMode) error {
	return mkerr(chmod(name, uint32(mode)))
}

// Truncate changes the size of the named file.
func Truncate(name string, size int64) error {
	return mkerr(truncate(name, size))
}
