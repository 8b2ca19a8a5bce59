// Package internal contains definitions used by both log and log/slog
// (spindle's copy of the one hook Go's has, so that log needs no
// toolchain sources).
package internal

// DefaultOutput holds a function which calls the default log.Logger's
// output function. It allows slog.defaultHandler to call into an
// unexported function of the log package.
var DefaultOutput func(pc uintptr, data []byte) error
