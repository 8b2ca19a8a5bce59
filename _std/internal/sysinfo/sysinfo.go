// Package sysinfo is spindle's stand-in for Go's internal/sysinfo: the
// processor's name, which testing prints in a benchmark's header.
package sysinfo

// CPUName returns the processor's model name as /proc/cpuinfo gives it,
// or "" when it cannot be read.
func CPUName() string { return cpuName() }

func cpuName() string
