// Package debug is spindle's guest runtime/debug package. The collector
// is the host process's, shared by every run of an embedding host, so
// SetGCPercent and SetMemoryLimit record the run's setting and report the
// previous one without applying it (no program can switch collection off
// for the others); FreeOSMemory collects; SetMaxStack acts on the calling
// shard.
// Missing: WriteHeapDump, SetCrashOutput, build-setting
// details in ReadBuildInfo (it reports no build information).
package debug

import (
	"os"
	"runtime"
)

// Stack returns a formatted stack trace of the goroutine that calls it.
func Stack() []byte {
	buf := make([]byte, 1024)
	for {
		n := runtime.Stack(buf, false)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// PrintStack prints to standard error the stack trace returned by Stack.
func PrintStack() { os.Stderr.Write(Stack()) }

// SetGCPercent records the run's collector target percentage and
// returns the previous one (100 at first); see the package comment.
func SetGCPercent(percent int) int

// SetMemoryLimit records the run's soft memory limit and returns the
// previous one (math.MaxInt64 at first); a negative input only reports
// it. See the package comment.
func SetMemoryLimit(limit int64) int64

// FreeOSMemory forces a collection and returns as much memory to the
// operating system as possible.
func FreeOSMemory()

// SetMaxStack sets the maximum stack of each fiber of the calling shard
// (bytes, as in gc: a register counts as 8) and returns the previous one.
func SetMaxStack(bytes int) int

// SetMaxThreads is accepted for compatibility: spindle runs one thread per
// shard. It returns the previous setting (10000 at first, gc's default).
func SetMaxThreads(threads int) int {
	old := maxThreads
	maxThreads = threads
	return old
}

var maxThreads = 10000

// SetPanicOnFault is accepted for compatibility (spindle's fibers cannot
// fault on memory); it returns the previous setting.
func SetPanicOnFault(enabled bool) bool {
	old := panicOnFault
	panicOnFault = enabled
	return old
}

var panicOnFault bool

// BuildInfo represents the build information read from a Go binary.
type BuildInfo struct {
	GoVersion string
	Path      string
	Main      Module
	Deps      []*Module
	Settings  []BuildSetting
}

// A Module describes a single module included in a build.
type Module struct {
	Path    string
	Version string
	Sum     string
	Replace *Module
}

// A BuildSetting is a key/value pair describing one setting that
// influenced a build.
type BuildSetting struct {
	Key, Value string
}

// ReadBuildInfo returns the build information embedded in the running
// binary; a spindle program has none (ok is false, as for a binary built
// without module support).
func ReadBuildInfo() (info *BuildInfo, ok bool) { return nil, false }

// SetTraceback sets how much an unrecovered panic prints: the goroutine
// that panicked ("single", the default, and "none"), or every goroutine
// of the calling shard ("all", "system", "crash"). spindle prints no
// runtime frames and does not crash with a core dump.
func SetTraceback(level string)
