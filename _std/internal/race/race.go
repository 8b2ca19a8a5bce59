// Package race is spindle's stand-in for Go's internal/race, for the std
// packages compiled from Go's sources that annotate their memory
// accesses for gc's race detector: spindle has no such detector, so, as
// in a gc build without -race, every hook does nothing.
package race

import "unsafe"

// Enabled reports whether the race detector is on: never under spindle.
const Enabled = false

func Acquire(addr unsafe.Pointer)                       {}
func Release(addr unsafe.Pointer)                       {}
func ReleaseMerge(addr unsafe.Pointer)                  {}
func Disable()                                          {}
func Enable()                                           {}
func Read(addr unsafe.Pointer)                          {}
func ReadPC(addr unsafe.Pointer, callerpc, pc uintptr)  {}
func Write(addr unsafe.Pointer)                         {}
func WritePC(addr unsafe.Pointer, callerpc, pc uintptr) {}
func ReadRange(addr unsafe.Pointer, len int)            {}
func WriteRange(addr unsafe.Pointer, len int)           {}
func Errors() int                                       { return 0 }
