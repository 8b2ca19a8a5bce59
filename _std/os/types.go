package os

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

	// Mask for the type bits. For regular files, none will be set.
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

// A FileInfo describes a file and is returned by Stat.
type FileInfo interface {
	Name() string
	Size() int64
	Mode() FileMode
	IsDir() bool
	Sys() any
}

type fileStat struct {
	name  string
	size  int64
	mode  FileMode
	mtime int64
}

func (fs *fileStat) Name() string   { return fs.name }
func (fs *fileStat) Size() int64    { return fs.size }
func (fs *fileStat) Mode() FileMode { return fs.mode }
func (fs *fileStat) IsDir() bool    { return fs.mode.IsDir() }
func (fs *fileStat) Sys() any       { return nil }

// A DirEntry is an entry read from a directory.
type DirEntry interface {
	Name() string
	IsDir() bool
	Type() FileMode
	Info() (FileInfo, error)
}

type dirEntry struct {
	dir  string
	name string
	mode FileMode
}

func (d *dirEntry) Name() string   { return d.name }
func (d *dirEntry) IsDir() bool    { return d.mode.IsDir() }
func (d *dirEntry) Type() FileMode { return d.mode.Type() }
func (d *dirEntry) Info() (FileInfo, error) {
	return Lstat(d.dir + "/" + d.name)
}

func (d *dirEntry) String() string {
	return FormatDirEntry(d)
}

// FormatDirEntry returns a formatted version of dir for human readability.
func FormatDirEntry(dir DirEntry) string {
	name := dir.Name()
	b := []byte(dir.Type().String())
	b = append(b, ' ')
	b = append(b, name...)
	if dir.IsDir() {
		b = append(b, '/')
	}
	return string(b)
}

// SameFile reports whether fi1 and fi2 describe the same file (here: the
// same name, size and mode).
func SameFile(fi1, fi2 FileInfo) bool {
	a, ok1 := fi1.(*fileStat)
	b, ok2 := fi2.(*fileStat)
	return ok1 && ok2 && *a == *b
}
