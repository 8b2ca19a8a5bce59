package spindle

import (
	"context"
	"errors"
	"strconv"

	"spindle/internal/vm"
)

// Errors Run and Wait return, wrapped with the limit's value ("spindle:
// the run exceeded its memory limit (256 MiB)"), when a limit of
// RunOptions ended the run; test for them with errors.Is. The guest saw
// what Go shows for the same failure where Go has one (a fatal error,
// exit status 2), or was cancelled (Timeout: exit status 1).
var (
	ErrMemoryLimit = errors.New("spindle: memory limit exceeded")    // MemoryLimit
	ErrStackLimit  = errors.New("spindle: stack limit exceeded")     // MaxStack
	ErrFiberLimit  = errors.New("spindle: goroutine limit exceeded") // MaxFibers
	ErrCPULimit    = errors.New("spindle: CPU limit exceeded")       // CPULimit, Fuel
	ErrTimeout     = errors.New("spindle: timeout exceeded")         // Timeout
	ErrOutputLimit = errors.New("spindle: output limit exceeded")    // MaxOutput
)

// limitError is the error of a run a limit ended: its text names the
// limit and its value; it matches the limit's sentinel (and, for a
// timeout, context.DeadlineExceeded).
type limitError struct {
	msg  string
	errs []error
}

func (e *limitError) Error() string   { return e.msg }
func (e *limitError) Unwrap() []error { return e.errs }

// limitErr returns the error of a run that limit l ended under options o.
func limitErr(l vm.Limit, o *RunOptions) error {
	what, value, err := "", "", error(nil)
	switch l {
	case vm.LimitMemory:
		n := o.MemoryLimit
		if n == 0 {
			n = DefaultMemoryLimit()
		}
		what, value, err = "memory limit", vm.ByteSize(n), ErrMemoryLimit
	case vm.LimitStack:
		n := o.MaxStack
		if n <= 0 {
			n = DefaultMaxStack
		}
		what, value, err = "stack limit", vm.ByteSize(int64(n))+" per goroutine", ErrStackLimit
	case vm.LimitFibers:
		what, value, err = "goroutine limit", strconv.Itoa(o.MaxFibers), ErrFiberLimit
	case vm.LimitFuel:
		what, value, err = "fuel", strconv.FormatInt(o.Fuel, 10)+" reductions", ErrCPULimit
	case vm.LimitCPU:
		what, value, err = "CPU limit", o.CPULimit.String(), ErrCPULimit
	case vm.LimitOutput:
		what, value, err = "output limit", vm.ByteSize(o.MaxOutput), ErrOutputLimit
	default:
		panic("BUG: limitErr of limit " + strconv.Itoa(int(l)))
	}
	return &limitError{msg: "spindle: the run exceeded its " + what + " (" + value + ")", errs: []error{err}}
}

// timeoutErr is the error of a run that RunOptions.Timeout ended.
func timeoutErr(o *RunOptions) error {
	return &limitError{
		msg:  "spindle: the run exceeded its timeout (" + o.Timeout.String() + ")",
		errs: []error{ErrTimeout, context.DeadlineExceeded},
	}
}
