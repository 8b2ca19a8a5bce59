package os

import (
	"errors"
	"internal/testlog"
	"io"
	"io/fs"
	"syscall"
	"time"
)

// Args hold the command-line arguments, starting with the program name.
var Args []string = runtimeArgs()

func runtimeArgs() []string

// Exit causes the current program to exit with the given status code.
// Deferred functions are not run. In a test binary, an Exit(0) while
// tests run panics, as in Go.
func Exit(code int) {
	if code == 0 && testlog.PanicOnExit0() {
		panic("unexpected call to os.Exit(0) during test")
	}
	exit(code)
}

func exit(code int)

// Getenv retrieves the value of the environment variable named by the key.
func Getenv(key string) string {
	v, _ := LookupEnv(key)
	return v
}

// LookupEnv retrieves the value of the environment variable named by the
// key and reports whether it was set.
func LookupEnv(key string) (string, bool)

func setenv(key, value string) bool

// Setenv sets the value of the environment variable named by the key.
func Setenv(key, value string) error {
	if !setenv(key, value) {
		return NewSyscallError("setenv", &errno{"invalid argument", eInvalid})
	}
	return nil
}

// Unsetenv unsets a single environment variable.
func Unsetenv(key string) error

// Clearenv deletes all environment variables.
func Clearenv()

// Environ returns a copy of strings representing the environment, in the
// form "key=value".
func Environ() []string

// ExpandEnv replaces ${var} or $var in the string according to the values
// of the current environment variables.
func ExpandEnv(s string) string {
	return Expand(s, Getenv)
}

// Expand replaces ${var} or $var in the string based on the mapping
// function.
func Expand(s string, mapping func(string) string) string {
	var out []byte
	seen := false
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			continue
		}
		seen = true
		out = append(out, s[last:i]...)
		name, n := shellName(s[i+1:])
		if name != "" {
			out = append(out, mapping(name)...)
		} else if n == 0 {
			out = append(out, '$')
		}
		i += n
		last = i + 1
	}
	if !seen {
		return s
	}
	return string(out) + s[last:]
}

// shellName reads the variable name after a '$': {name}, a special
// one-character name, or a run of letters, digits and underscores. n is
// the number of bytes used (malformed braces are consumed, name "").
func shellName(s string) (name string, n int) {
	special := func(c byte) bool {
		return c == '*' || c == '#' || c == '$' || c == '@' || c == '!' || c == '?' || c == '-' || '0' <= c && c <= '9'
	}
	if s[0] == '{' {
		if len(s) > 2 && special(s[1]) && s[2] == '}' {
			return s[1:2], 3
		}
		end := 1
		for end < len(s) && s[end] != '}' {
			end++
		}
		switch {
		case end == len(s):
			return "", 1
		case end == 1:
			return "", 2
		}
		return s[1:end], end + 1
	}
	if special(s[0]) {
		return s[:1], 1
	}
	for n < len(s) && (s[n] == '_' || '0' <= s[n] && s[n] <= '9' || 'a' <= s[n] && s[n] <= 'z' || 'A' <= s[n] && s[n] <= 'Z') {
		n++
	}
	return s[:n], n
}

// Hostname returns the host name reported by the kernel. A run that does
// not see the host's file system (spindle's Grants) gets what its own
// /proc/sys/kernel/hostname holds, as Go does where uname fails: for an
// embedded run granted nothing, "open /proc/sys/kernel/hostname:
// permission denied".
func Hostname() (name string, err error) {
	if name, ok := hostname(); ok {
		return name, nil
	}
	f, err := Open("/proc/sys/kernel/hostname")
	if err != nil {
		return "", err
	}
	defer f.Close()
	var buf [512]byte
	n, err := f.Read(buf[:])
	if err != nil {
		return "", err
	}
	if n > 0 && buf[n-1] == '\n' {
		n--
	}
	return string(buf[:n]), nil
}

func hostname() (string, bool)

// Getpid returns the process id of the caller.
func Getpid() int

// A Signal represents an operating system signal.
type Signal interface {
	String() string
	Signal() // to distinguish from other Stringers
}

// The only signal values guaranteed to be present in the os package on
// all systems.
var (
	Interrupt Signal = syscall.SIGINT
	Kill      Signal = syscall.SIGKILL
)

// Getppid returns the process id of the caller's parent.
func Getppid() int

// Getuid returns the numeric user id of the caller.
func Getuid() int

// Getgid returns the numeric group id of the caller.
func Getgid() int

// Executable returns the path name of the program.
func Executable() (string, error) {
	if len(Args) > 0 {
		return Args[0], nil
	}
	return "", ErrNotExist
}

// UserHomeDir returns the current user's home directory.
func UserHomeDir() (string, error) {
	if v := Getenv("HOME"); v != "" {
		return v, nil
	}
	return "", errorString("$HOME is not defined")
}

// Getpagesize returns the underlying system's memory page size.
func Getpagesize() int { return 4096 }

// Portable analogs of some common system call errors.
var (
	// ErrInvalid indicates an invalid argument.
	ErrInvalid = fs.ErrInvalid
	// ErrPermission indicates that permission was denied.
	ErrPermission = fs.ErrPermission
	// ErrExist indicates that a file already exists.
	ErrExist = fs.ErrExist
	// ErrNotExist indicates that a file does not exist.
	ErrNotExist = fs.ErrNotExist
	// ErrClosed indicates that a file is already closed.
	ErrClosed = fs.ErrClosed
	// ErrNoDeadline is returned for file types that do not support deadlines.
	ErrNoDeadline = errors.New("file type does not support deadline")
	// ErrDeadlineExceeded is returned for an expired deadline.
	ErrDeadlineExceeded error = &deadlineExceededError{}
	// ErrProcessDone indicates a process has finished.
	ErrProcessDone = errors.New("os: process already finished")
)

// PathError records an error and the operation and file path that caused
// it: io/fs's.
type PathError = fs.PathError

// LinkError records an error during a link or symlink or rename system
// call and the paths that caused it.
type LinkError struct {
	Op  string
	Old string
	New string
	Err error
}

func (e *LinkError) Error() string {
	return e.Op + " " + e.Old + " " + e.New + ": " + e.Err.Error()
}

func (e *LinkError) Unwrap() error { return e.Err }

// SyscallError records an error from a specific system call.
type SyscallError struct {
	Syscall string
	Err     error
}

func (e *SyscallError) Error() string { return e.Syscall + ": " + e.Err.Error() }

func (e *SyscallError) Unwrap() error { return e.Err }

// Timeout reports whether this error represents a timeout.
func (e *SyscallError) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// NewSyscallError returns, as an error, a new SyscallError with the given
// system call name and error details. If err is nil, it returns nil.
func NewSyscallError(syscall string, err error) error {
	if err == nil {
		return nil
	}
	return &SyscallError{syscall, err}
}

// Error codes of the host primitives.
const (
	eNone = iota
	eNotExist
	eExist
	ePermission
	eOther
	eClosed
	eInvalid
	eEOF
)

// errno is a host system call error (Go's syscall.Errno).
type errno struct {
	msg  string
	code int
}

func (e *errno) Error() string { return e.msg }

// Is reports whether the system error matches one of the portable errors.
func (e *errno) Is(target error) bool {
	switch target {
	case ErrNotExist:
		return e.code == eNotExist
	case ErrExist:
		return e.code == eExist
	case ErrPermission:
		return e.code == ePermission
	}
	return false
}

// mkerr builds the error a host primitive described.
func mkerr(code int, op, path, msg string) error {
	switch code {
	case eNone:
		return nil
	case eEOF:
		return io.EOF
	case eClosed:
		return &PathError{Op: op, Path: path, Err: ErrClosed}
	}
	var err error = &errno{msg, code}
	if op == "" {
		return err
	}
	return &PathError{Op: op, Path: path, Err: err}
}

func underlyingError(err error) error {
	switch e := err.(type) {
	case *PathError:
		return e.Err
	case *LinkError:
		return e.Err
	case *SyscallError:
		return e.Err
	}
	return err
}

func underlyingErrorIs(err, target error) bool {
	err = underlyingError(err)
	if err == target {
		return true
	}
	e, ok := err.(*errno)
	return ok && e.Is(target)
}

// IsExist reports whether the error is known to report that a file or
// directory already exists.
func IsExist(err error) bool { return underlyingErrorIs(err, ErrExist) }

// IsNotExist reports whether the error is known to report that a file or
// directory does not exist.
func IsNotExist(err error) bool { return underlyingErrorIs(err, ErrNotExist) }

// IsPermission reports whether the error is known to report that
// permission is denied.
func IsPermission(err error) bool { return underlyingErrorIs(err, ErrPermission) }

// IsTimeout reports whether the error is known to report that a timeout
// occurred.
func IsTimeout(err error) bool {
	t, ok := underlyingError(err).(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// A FileMode represents a file's mode and permission bits: io/fs's.
type FileMode = fs.FileMode

// The defined file mode bits are the most significant bits of the FileMode.
const (
	ModeDir        = fs.ModeDir        // d: is a directory
	ModeAppend     = fs.ModeAppend     // a: append-only
	ModeExclusive  = fs.ModeExclusive  // l: exclusive use
	ModeTemporary  = fs.ModeTemporary  // T: temporary file; Plan 9 only
	ModeSymlink    = fs.ModeSymlink    // L: symbolic link
	ModeDevice     = fs.ModeDevice     // D: device file
	ModeNamedPipe  = fs.ModeNamedPipe  // p: named pipe (FIFO)
	ModeSocket     = fs.ModeSocket     // S: Unix domain socket
	ModeSetuid     = fs.ModeSetuid     // u: setuid
	ModeSetgid     = fs.ModeSetgid     // g: setgid
	ModeCharDevice = fs.ModeCharDevice // c: Unix character device, when ModeDevice is set
	ModeSticky     = fs.ModeSticky     // t: sticky
	ModeIrregular  = fs.ModeIrregular  // ?: non-regular file; nothing else is known about this file

	// Mask for the type bits. For regular files, none will be set.
	ModeType = fs.ModeType

	ModePerm = fs.ModePerm // Unix permission bits
)

// A FileInfo describes a file and is returned by Stat: io/fs's.
type FileInfo = fs.FileInfo

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

// ModTime returns the file's modification time.
func (fs *fileStat) ModTime() time.Time { return time.Unix(0, fs.mtime) }

// A DirEntry is an entry read from a directory: io/fs's.
type DirEntry = fs.DirEntry

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

// deadlineExceededError is ErrDeadlineExceeded's type: a timeout, as net.Error
// and os.IsTimeout see it.
type deadlineExceededError struct{}

func (*deadlineExceededError) Error() string   { return "i/o timeout" }
func (*deadlineExceededError) Timeout() bool   { return true }
func (*deadlineExceededError) Temporary() bool { return true }
