package syscall

import "internal/oserror"

// An Errno is an unsigned number describing an error condition. It
// implements the error interface. The zero Errno is by convention a
// non-error.
type Errno uintptr

func errnoText(e uintptr) string

// Error returns the system's text for e (strerror).
func (e Errno) Error() string { return errnoText(uintptr(e)) }

// Is reports whether e is one of the errors of io/fs it stands for.
func (e Errno) Is(target error) bool {
	switch target {
	case oserror.ErrPermission:
		return e == EACCES || e == EPERM
	case oserror.ErrExist:
		return e == EEXIST || e == ENOTEMPTY
	case oserror.ErrNotExist:
		return e == ENOENT
	}
	return false
}

// Temporary reports whether the error is temporary.
func (e Errno) Temporary() bool {
	return e == EINTR || e == EMFILE || e == ENFILE || e.Timeout()
}

// Timeout reports whether the error is a timeout.
func (e Errno) Timeout() bool {
	return e == EAGAIN || e == EWOULDBLOCK || e == ETIMEDOUT
}

// Linux error numbers.
const (
	EPERM           Errno = 0x1
	ENOENT          Errno = 0x2
	ESRCH           Errno = 0x3
	EINTR           Errno = 0x4
	EIO             Errno = 0x5
	ENXIO           Errno = 0x6
	E2BIG           Errno = 0x7
	ENOEXEC         Errno = 0x8
	EBADF           Errno = 0x9
	ECHILD          Errno = 0xa
	EAGAIN          Errno = 0xb
	ENOMEM          Errno = 0xc
	EACCES          Errno = 0xd
	EFAULT          Errno = 0xe
	EBUSY           Errno = 0x10
	EEXIST          Errno = 0x11
	EXDEV           Errno = 0x12
	ENODEV          Errno = 0x13
	ENOTDIR         Errno = 0x14
	EISDIR          Errno = 0x15
	EINVAL          Errno = 0x16
	ENFILE          Errno = 0x17
	EMFILE          Errno = 0x18
	ENOTTY          Errno = 0x19
	EFBIG           Errno = 0x1b
	ENOSPC          Errno = 0x1c
	ESPIPE          Errno = 0x1d
	EROFS           Errno = 0x1e
	EMLINK          Errno = 0x1f
	EPIPE           Errno = 0x20
	EDOM            Errno = 0x21
	ERANGE          Errno = 0x22
	EDEADLK         Errno = 0x23
	ENAMETOOLONG    Errno = 0x24
	ENOLCK          Errno = 0x25
	ENOSYS          Errno = 0x26
	ENOTEMPTY       Errno = 0x27
	ELOOP           Errno = 0x28
	ENOTSUP         Errno = 0x5f
	EOPNOTSUPP      Errno = 0x5f
	EWOULDBLOCK     Errno = 0xb
	ENOTSOCK        Errno = 0x58
	EADDRINUSE      Errno = 0x62
	EADDRNOTAVAIL   Errno = 0x63
	ENETDOWN        Errno = 0x64
	ENETUNREACH     Errno = 0x65
	ECONNABORTED    Errno = 0x67
	ECONNRESET      Errno = 0x68
	ENOBUFS         Errno = 0x69
	EISCONN         Errno = 0x6a
	ENOTCONN        Errno = 0x6b
	ETIMEDOUT       Errno = 0x6e
	ECONNREFUSED    Errno = 0x6f
	EHOSTUNREACH    Errno = 0x71
	EALREADY        Errno = 0x72
	EINPROGRESS     Errno = 0x73
	ECANCELED       Errno = 0x7d
	EOVERFLOW       Errno = 0x4b
	EDQUOT          Errno = 0x7a
	ESTALE          Errno = 0x74
	EPROTO          Errno = 0x47
	EPROTONOSUPPORT Errno = 0x5d
	EAFNOSUPPORT    Errno = 0x61
	EMSGSIZE        Errno = 0x5a
	ENOTBLK         Errno = 0xf
	ETXTBSY         Errno = 0x1a
	ENODATA         Errno = 0x3d
	EILSEQ          Errno = 0x54
)
