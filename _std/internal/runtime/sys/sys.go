// Package sys is spindle's stand-in for Go's internal/runtime/sys, for
// the std packages compiled from Go's sources that import it: the
// data-independent-timing switch (crypto/subtle) is never available.
package sys

// DITSupported reports whether the data-independent-timing mode can be
// enabled: not under spindle.
const DITSupported = false

// EnableDIT does nothing under spindle and reports that the mode was off.
func EnableDIT() bool { return false }

// DITEnabled reports false: spindle never enables the mode.
func DITEnabled() bool { return false }

// DisableDIT does nothing under spindle.
func DisableDIT() {}
