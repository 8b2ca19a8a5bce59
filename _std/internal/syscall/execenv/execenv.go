// Package execenv is spindle's stand-in for Go's internal/syscall/execenv
// (Go's sources of internal/syscall/... are system calls spindle runs on
// the host): a new process's default environment is the run's.
package execenv

import "syscall"

// Default returns the default environment of a new process: the run's
// (syscall.Environ).
func Default(sys *syscall.SysProcAttr) ([]string, error) {
	return syscall.Environ(), nil
}
