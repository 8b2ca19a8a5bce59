package std

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"sort"
	"syscall"
)

// A run's file system given as an fs.FS (Grants.FS), seen at "/" and
// read-only, or none at all (fsys nil: every path fails with EACCES). The
// run's working directory is a path in it ("/" at first). Its errors are
// the ones the kernel would give for the same file (fs.ErrNotExist is
// ENOENT, "no such file or directory"), so a guest prints what it would
// for a host file.

// hostIO is an open file of the run: an *os.File, or an fsFile.
type hostIO interface {
	io.ReadWriteCloser
	io.ReaderAt
	io.WriterAt
	io.Seeker
	Name() string
	Sync() error
	Truncate(size int64) error
	Stat() (fs.FileInfo, error)
	ReadDir(n int) ([]fs.DirEntry, error)
}

// fsName returns the fs.FS name of full, the run's path of the guest's
// name ("/a/b" is "a/b"; ".." stops at the top).
func fsName(full string) string {
	p := path.Clean("/" + full)
	if p == "/" {
		return "."
	}
	return p[1:]
}

// fsErr is err from fsys as the kernel would report it for op on name.
func fsErr(op, name string, err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = syscall.ENOENT
	case errors.Is(err, fs.ErrPermission):
		err = syscall.EACCES
	case errors.Is(err, fs.ErrExist):
		err = syscall.EEXIST
	case errors.Is(err, fs.ErrInvalid):
		err = syscall.EINVAL
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// fsOpen opens name (the guest's) for reading; any flag that writes is
// EACCES.
func (c *runCaps) fsOpen(full, name string, flag int) (hostIO, error) {
	if c.fsys == nil || writes(flag) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	p := fsName(full)
	f, err := c.fsys.Open(p)
	if err != nil {
		return nil, fsErr("open", name, err)
	}
	return &fsFile{f: f, name: name, path: p}, nil
}

func (c *runCaps) fsStat(full, name string, lstat bool) (fs.FileInfo, error) {
	op := "stat"
	if lstat {
		op = "lstat"
	}
	if c.fsys == nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: syscall.EACCES}
	}
	var fi fs.FileInfo
	var err error
	if lstat {
		fi, err = fs.Lstat(c.fsys, fsName(full))
	} else {
		fi, err = fs.Stat(c.fsys, fsName(full))
	}
	return fi, fsErr(op, name, err)
}

func (c *runCaps) fsReadDir(full, name string) ([]fs.DirEntry, error) {
	if c.fsys == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	ents, err := fs.ReadDir(c.fsys, fsName(full))
	if err != nil {
		return ents, fsErr("open", name, err)
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents, nil
}

func (c *runCaps) fsReadFile(full, name string) ([]byte, error) {
	if c.fsys == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	b, err := fs.ReadFile(c.fsys, fsName(full))
	if err != nil {
		return nil, fsErr("open", name, err)
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

func (c *runCaps) fsReadlink(full, name string) (string, error) {
	if c.fsys == nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: syscall.EACCES}
	}
	dest, err := fs.ReadLink(c.fsys, fsName(full))
	return dest, fsErr("readlink", name, err)
}

// fsDir returns the directory full names ("/" + its fs.FS name), for
// chdir.
func (c *runCaps) fsDir(full, name string) (string, error) {
	if c.fsys == nil {
		return "", syscall.EACCES
	}
	p := fsName(full)
	fi, err := fs.Stat(c.fsys, p)
	if err != nil {
		return "", fsErr("chdir", name, err).(*fs.PathError).Err
	}
	if !fi.IsDir() {
		return "", syscall.ENOTDIR
	}
	return path.Clean("/" + p), nil
}

// fsFile is an open file of a run's fs.FS.
type fsFile struct {
	f    fs.File
	name string // the guest's
	path string // in the fs.FS
}

func (f *fsFile) Name() string { return f.name }

func (f *fsFile) Read(b []byte) (int, error) {
	n, err := f.f.Read(b)
	return n, fsErr("read", f.name, err)
}

func (f *fsFile) ReadAt(b []byte, off int64) (int, error) {
	ra, ok := f.f.(io.ReaderAt)
	if !ok {
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: syscall.ESPIPE}
	}
	n, err := ra.ReadAt(b, off)
	return n, fsErr("read", f.name, err)
}

func (f *fsFile) Seek(off int64, whence int) (int64, error) {
	s, ok := f.f.(io.Seeker)
	if !ok {
		return 0, &fs.PathError{Op: "seek", Path: f.name, Err: syscall.ESPIPE}
	}
	n, err := s.Seek(off, whence)
	return n, fsErr("seek", f.name, err)
}

// Writes fail as they do on a file opened read-only.
func (f *fsFile) Write(b []byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: f.name, Err: syscall.EBADF}
}

func (f *fsFile) WriteAt(b []byte, off int64) (int, error) { return f.Write(b) }

func (f *fsFile) Truncate(int64) error {
	return &fs.PathError{Op: "truncate", Path: f.name, Err: syscall.EINVAL}
}

func (f *fsFile) Sync() error  { return nil }
func (f *fsFile) Close() error { return fsErr("close", f.name, f.f.Close()) }

func (f *fsFile) Stat() (fs.FileInfo, error) {
	fi, err := f.f.Stat()
	return fi, fsErr("stat", f.name, err)
}

func (f *fsFile) ReadDir(n int) ([]fs.DirEntry, error) {
	d, ok := f.f.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdirent", Path: f.name, Err: syscall.ENOTDIR}
	}
	ents, err := d.ReadDir(n)
	return ents, fsErr("readdirent", f.name, err)
}

// fsDenied is the error of a call that would change the file system (or
// reach it, with none): EACCES.
func fsDenied(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: syscall.EACCES}
}
