// Package trace is spindle's guest runtime/trace: spindle does not write
// Go execution traces, so Start reports that and tracing is never
// enabled; tasks, regions and logs are the no-ops Go's are while tracing
// is off.
package trace

import (
	"context"
	"errors"
	"io"
)

var errUnsupported = errors.New("runtime/trace: spindle does not produce execution traces")

// Start would enable tracing to w; under spindle it returns an error.
func Start(w io.Writer) error { return errUnsupported }

// Stop stops the current tracing, if any.
func Stop() {}

// IsEnabled reports whether tracing is enabled: never under spindle.
func IsEnabled() bool { return false }

// Task is a data type for tracing a user-defined, logical operation.
type Task struct{}

// NewTask creates a task instance with the type taskType.
func NewTask(pctx context.Context, taskType string) (ctx context.Context, task *Task) {
	return pctx, &Task{}
}

// End marks the end of the operation represented by the Task.
func (t *Task) End() {}

// Region is a region of code whose execution time interval is traced.
type Region struct{}

// StartRegion starts a region and returns it.
func StartRegion(ctx context.Context, regionType string) *Region { return &Region{} }

// End marks the end of the traced code region.
func (r *Region) End() {}

// WithRegion starts a region associated with its calling goroutine, runs
// fn, and then ends the region.
func WithRegion(ctx context.Context, regionType string, fn func()) { fn() }

// Log emits a one-off event with the given category and message.
func Log(ctx context.Context, category, message string) {}

// Logf is like Log, but the value is formatted using the specified format
// spec.
func Logf(ctx context.Context, category, format string, args ...any) {}
