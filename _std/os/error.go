package os

import (
	"errors"
	"io"
)

// Portable analogs of some common system call errors.
var (
	// ErrInvalid indicates an invalid argument.
	ErrInvalid = errors.New("invalid argument")
	// ErrPermission indicates that permission was denied.
	ErrPermission = errors.New("permission denied")
	// ErrExist indicates that a file already exists.
	ErrExist = errors.New("file already exists")
	// ErrNotExist indicates that a file does not exist.
	ErrNotExist = errors.New("file does not exist")
	// ErrClosed indicates that a file is already closed.
	ErrClosed = errors.New("file already closed")
	// ErrNoDeadline is returned for file types that do not support deadlines.
	ErrNoDeadline = errors.New("file type does not support deadline")
	// ErrDeadlineExceeded is returned for an expired deadline.
	ErrDeadlineExceeded = errors.New("i/o timeout")
	// ErrProcessDone indicates a process has finished.
	ErrProcessDone = errors.New("os: process already finished")
)

// PathError records an error and the operation and file path that caused it.
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
