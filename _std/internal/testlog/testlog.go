// Package testlog is spindle's internal/testlog: the hooks by which a test
// binary's testing package learns what os does. spindle's os reports
// nothing to the logger (go test's caching, which the log serves, is not
// spindle's); it does honour PanicOnExit0, which makes an os.Exit(0) in
// the middle of a test a failure, as in Go.
package testlog

import (
	"sync"
	"sync/atomic"
)

// Interface is the interface required of test loggers.
type Interface interface {
	Getenv(key string)
	Stat(file string)
	Open(file string)
	Chdir(dir string)
}

var logger atomic.Pointer[Interface]

// SetLogger sets the test logger implementation for the current process.
// It must be called only once, at process startup.
func SetLogger(impl Interface) {
	if !logger.CompareAndSwap(nil, &impl) {
		panic("testlog: SetLogger must be called only once")
	}
}

// Logger returns the current test logger implementation, or nil if none.
func Logger() Interface {
	impl := logger.Load()
	if impl == nil {
		return nil
	}
	return *impl
}

var panicOnExit0 struct {
	mu  sync.Mutex
	val bool
}

// PanicOnExit0 reports whether to panic on a call to os.Exit(0).
func PanicOnExit0() bool {
	panicOnExit0.mu.Lock()
	defer panicOnExit0.mu.Unlock()
	return panicOnExit0.val
}

// SetPanicOnExit0 sets panicOnExit0 to v.
func SetPanicOnExit0(v bool) {
	panicOnExit0.mu.Lock()
	defer panicOnExit0.mu.Unlock()
	panicOnExit0.val = v
}
