// Package unix is spindle's stand-in for Go's internal/syscall/unix, for
// the std packages compiled from Go's sources: getrandom(2) for
// crypto/rand, and faccessat(2) for os/exec.LookPath, through the host.
package unix

import "syscall"

// GetRandomFlag is a flag of getrandom(2).
type GetRandomFlag uintptr

// The getrandom(2) flags.
const (
	GRND_NONBLOCK GetRandomFlag = 0x0001
	GRND_RANDOM   GetRandomFlag = 0x0002
)

func getrandom(p []byte, flags uintptr) (n int, errno uintptr)

// GetRandom fills p with random bytes from the kernel, as getrandom(2).
func GetRandom(p []byte, flags GetRandomFlag) (n int, err error) {
	n, errno := getrandom(p, uintptr(flags))
	if errno != 0 {
		return n, syscall.Errno(errno)
	}
	return n, nil
}

// Access modes of faccessat(2).
const (
	R_OK = 0x4
	W_OK = 0x2
	X_OK = 0x1
)

func eaccess(path string, mode uint32) uintptr

// Eaccess reports whether the effective user may access path with mode,
// as faccessat(2) with AT_EACCESS.
func Eaccess(path string, mode uint32) error {
	if e := eaccess(path, mode); e != 0 {
		return syscall.Errno(e)
	}
	return nil
}
