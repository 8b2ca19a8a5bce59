// Package os is spindle's guest os package: files, directories, pipes,
// child processes (proc.go), the environment and the process's
// arguments, backed by the host. Every file a program opens is closed
// when its run ends. DirFS is in dirfs.go. Missing: Symlink and Link
// (Readlink and Lstat work), Chown, Chtimes, deadlines on files,
// FileInfo.Sys. FileMode, FileInfo, DirEntry and PathError are io/fs's.
package os

import (
	"io"
)

// File represents an open file descriptor.
type File struct {
	fd   int // handle in the machine's file table; 0, 1, 2 are the standard streams
	name string
}

// Stdin, Stdout, and Stderr are open Files pointing to the standard input,
// standard output, and standard error.
var (
	Stdin  = NewFile(0, "/dev/stdin")
	Stdout = NewFile(1, "/dev/stdout")
	Stderr = NewFile(2, "/dev/stderr")
)

// Package fmt does not import os (a program that only prints does not pay
// for type-checking and compiling os at start-up): os hands fmt its
// standard streams through the host instead. fmt's Print functions read
// the current Stdout (so reassigning it redirects them, as in Go) and
// fall back to the closures for a Stdout that is not an open file.
func init() {
	bindStdio(&Stdout, func() io.Reader { return Stdin }, func() io.Writer { return Stdout })
}

func bindStdio(stdout **File, in func() io.Reader, out func() io.Writer)

// Flags to OpenFile (Linux values).
const (
	O_RDONLY int = 0x0
	O_WRONLY int = 0x1
	O_RDWR   int = 0x2
	O_APPEND int = 0x400
	O_CREATE int = 0x40
	O_EXCL   int = 0x80
	O_SYNC   int = 0x101000
	O_TRUNC  int = 0x200
)

// Seek whence values.
const (
	SEEK_SET int = 0
	SEEK_CUR int = 1
	SEEK_END int = 2
)

const (
	PathSeparator     = '/'
	PathListSeparator = ':'
	DevNull           = "/dev/null"
)

// NewFile returns a new File with the given file descriptor and name.
// Only the standard streams (0, 1, 2) are usable.
func NewFile(fd uintptr, name string) *File {
	return &File{fd: int(fd), name: name}
}

// Name returns the name of the file as presented to Open.
func (f *File) Name() string { return f.name }

// Fd returns the file's handle.
func (f *File) Fd() uintptr {
	if f == nil {
		return ^uintptr(0)
	}
	return uintptr(f.fd)
}

func (f *File) read(b []byte) (n int, code int, op, path, msg string)
func (f *File) readAt(b []byte, off int64) (n int, code int, op, path, msg string)
func (f *File) write(b []byte) (n int, code int, op, path, msg string)
func (f *File) writeString(s string) (n int, code int, op, path, msg string)
func (f *File) writeAt(b []byte, off int64) (n int, code int, op, path, msg string)
func (f *File) seek(offset int64, whence int) (ret int64, code int, op, path, msg string)
func (f *File) close() (code int, op, path, msg string)
func (f *File) sync() (code int, op, path, msg string)
func (f *File) truncate(size int64) (code int, op, path, msg string)
func (f *File) stat() (name string, size int64, mode uint32, mtime int64, code int, op, path, msg string)
func (f *File) readDir(n int) (names []string, modes []uint32, code int, op, path, msg string)

func (f *File) checkValid(op string) error {
	if f == nil {
		return ErrInvalid
	}
	return nil
}

// Read reads up to len(b) bytes from the File and stores them in b. At
// end of file, Read returns 0, io.EOF.
func (f *File) Read(b []byte) (n int, err error) {
	if err := f.checkValid("read"); err != nil {
		return 0, err
	}
	n, code, op, path, msg := f.read(b)
	return n, mkerr(code, op, path, msg)
}

// ReadAt reads len(b) bytes from the File starting at byte offset off.
func (f *File) ReadAt(b []byte, off int64) (n int, err error) {
	if err := f.checkValid("read"); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, &PathError{Op: "readat", Path: f.name, Err: errorString("negative offset")}
	}
	n, code, op, path, msg := f.readAt(b, off)
	return n, mkerr(code, op, path, msg)
}

// Write writes len(b) bytes from b to the File.
func (f *File) Write(b []byte) (n int, err error) {
	if err := f.checkValid("write"); err != nil {
		return 0, err
	}
	n, code, op, path, msg := f.write(b)
	return n, mkerr(code, op, path, msg)
}

// WriteString is like Write, but writes the contents of string s.
func (f *File) WriteString(s string) (n int, err error) {
	if err := f.checkValid("write"); err != nil {
		return 0, err
	}
	n, code, op, path, msg := f.writeString(s)
	return n, mkerr(code, op, path, msg)
}

// WriteAt writes len(b) bytes to the File starting at byte offset off.
func (f *File) WriteAt(b []byte, off int64) (n int, err error) {
	if err := f.checkValid("write"); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, &PathError{Op: "writeat", Path: f.name, Err: errorString("negative offset")}
	}
	n, code, op, path, msg := f.writeAt(b, off)
	return n, mkerr(code, op, path, msg)
}

// Seek sets the offset for the next Read or Write on file to offset.
func (f *File) Seek(offset int64, whence int) (ret int64, err error) {
	if err := f.checkValid("seek"); err != nil {
		return 0, err
	}
	ret, code, op, path, msg := f.seek(offset, whence)
	return ret, mkerr(code, op, path, msg)
}

// Close closes the File.
func (f *File) Close() error {
	if f == nil {
		return ErrInvalid
	}
	return mkerr(f.close())
}

// Sync commits the current contents of the file to stable storage.
func (f *File) Sync() error {
	if err := f.checkValid("sync"); err != nil {
		return err
	}
	return mkerr(f.sync())
}

// Truncate changes the size of the file.
func (f *File) Truncate(size int64) error {
	if err := f.checkValid("truncate"); err != nil {
		return err
	}
	return mkerr(f.truncate(size))
}

// Stat returns the FileInfo structure describing file.
func (f *File) Stat() (FileInfo, error) {
	if f == nil {
		return nil, ErrInvalid
	}
	name, size, mode, mtime, code, op, path, msg := f.stat()
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &fileStat{name: name, size: size, mode: FileMode(mode), mtime: mtime}, nil
}

// ReadDir reads the contents of the directory associated with the file f
// and returns a slice of DirEntry values in directory order. If n > 0, at
// most n entries are returned (and io.EOF at the end).
func (f *File) ReadDir(n int) ([]DirEntry, error) {
	if f == nil {
		return nil, ErrInvalid
	}
	names, modes, code, op, path, msg := f.readDir(n)
	var ents []DirEntry
	for i, name := range names {
		ents = append(ents, &dirEntry{dir: f.name, name: name, mode: FileMode(modes[i])})
	}
	if code == eNone && n > 0 && len(ents) == 0 {
		return ents, io.EOF
	}
	return ents, mkerr(code, op, path, msg)
}

// Readdirnames reads the names of the directory's entries.
func (f *File) Readdirnames(n int) (names []string, err error) {
	ents, err := f.ReadDir(n)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names, err
}

// Readdir reads the directory's entries and returns a FileInfo for each
// (Lstat's), as Go's does: n > 0 reads at most n and returns io.EOF at
// the end; n <= 0 reads them all.
func (f *File) Readdir(n int) ([]FileInfo, error) {
	ents, err := f.ReadDir(n)
	infos := make([]FileInfo, 0, len(ents))
	for _, e := range ents {
		fi, ierr := Lstat(f.name + "/" + e.Name())
		if ierr != nil {
			if IsNotExist(ierr) {
				continue // removed since it was read, as Go skips it
			}
			return infos, ierr
		}
		infos = append(infos, fi)
	}
	return infos, err
}

// ReadFrom implements io.ReaderFrom.
func (f *File) ReadFrom(r io.Reader) (n int64, err error) {
	return genericReadFrom(f, r)
}

func genericReadFrom(f *File, r io.Reader) (n int64, err error) {
	buf := make([]byte, 32*1024)
	for {
		nr, er := r.Read(buf)
		if nr > 0 {
			nw, ew := f.Write(buf[:nr])
			n += int64(nw)
			if ew != nil {
				return n, ew
			}
		}
		if er == io.EOF {
			return n, nil
		}
		if er != nil {
			return n, er
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func openFile(name string, flag int, perm uint32) (fd int, code int, op, path, msg string)

// Open opens the named file for reading.
func Open(name string) (*File, error) {
	return OpenFile(name, O_RDONLY, 0)
}

// Create creates or truncates the named file (mode 0666 before umask).
func Create(name string) (*File, error) {
	return OpenFile(name, O_RDWR|O_CREATE|O_TRUNC, 0666)
}

// OpenFile is the generalized open call.
func OpenFile(name string, flag int, perm FileMode) (*File, error) {
	fd, code, op, path, msg := openFile(name, flag, uint32(perm))
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &File{fd: fd, name: name}, nil
}

// ReadFile reads the named file and returns the contents.
func ReadFile(name string) ([]byte, error) {
	data, code, op, path, msg := readFile(name)
	return data, mkerr(code, op, path, msg)
}

func readFile(name string) (data []byte, code int, op, path, msg string)

// WriteFile writes data to the named file, creating it if necessary.
func WriteFile(name string, data []byte, perm FileMode) error {
	return mkerr(writeFile(name, data, uint32(perm)))
}

func writeFile(name string, data []byte, perm uint32) (code int, op, path, msg string)

func stat(name string, lstat bool) (base string, size int64, mode uint32, mtime int64, code int, op, path, msg string)
func mkdir(name string, perm uint32, all bool) (code int, op, path, msg string)
func remove(name string, all bool) (code int, op, path, msg string)
func rename(oldpath, newpath string) (code int, msg string)
func readDir(name string) (names []string, modes []uint32, code int, op, path, msg string)
func tempDir() string
func getwd() (dir string, code int, op, path, msg string)
func readlink(name string) (dest string, code int, op, path, msg string)
func mkdirTemp(dir, pattern string) (name string, code int, op, path, msg string)
func createTemp(dir, pattern string) (fd int, name string, code int, op, path, msg string)
func chmod(name string, mode uint32) (code int, op, path, msg string)
func truncate(name string, size int64) (code int, op, path, msg string)

// Readlink returns the destination of the named symbolic link.
func Readlink(name string) (string, error) {
	dest, code, op, path, msg := readlink(name)
	if code != eNone {
		return "", mkerr(code, op, path, msg)
	}
	return dest, nil
}

// IsPathSeparator reports whether c is a directory separator character.
func IsPathSeparator(c uint8) bool { return c == PathSeparator }

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

func chdir(dir string) (code int, op, path, msg string)

// Chdir changes the current working directory to the named directory:
// the run's (every goroutine's, on every shard), never the host
// process's, which other runs share.
func Chdir(dir string) error {
	return mkerr(chdir(dir))
}

func (f *File) chdir() (code int, op, path, msg string)

// Chdir changes the run's working directory to the file, which must be a
// directory.
func (f *File) Chdir() error {
	if f == nil {
		return ErrInvalid
	}
	return mkerr(f.chdir())
}

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
