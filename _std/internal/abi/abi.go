// Package abi is spindle's stand-in for Go's internal/abi, for the std
// packages compiled from Go's sources that import it: the escape-analysis
// hints, which mean nothing to spindle, and the pclntab magic numbers
// (debug/gosym reads gc binaries).
package abi

import "unsafe"

// Escape forces x to escape in gc; under spindle it returns x.
func Escape[T any](x T) T { return x }

// EscapeNonString forces v to escape in gc; under spindle it does nothing.
func EscapeNonString[T any](v T) {}

// EscapeToResultNonString is EscapeNonString returning v.
func EscapeToResultNonString[T any](v T) T { return v }

// NoEscape hides p from gc's escape analysis; under spindle it returns p.
func NoEscape(p unsafe.Pointer) unsafe.Pointer { return p }

// PCLnTabMagic is the version at the start of a gc binary's pclntab.
type PCLnTabMagic uint32

// The pclntab versions.
const (
	Go12PCLnTabMagic  PCLnTabMagic = 0xfffffffb
	Go116PCLnTabMagic PCLnTabMagic = 0xfffffffa
	Go118PCLnTabMagic PCLnTabMagic = 0xfffffff0
	Go120PCLnTabMagic PCLnTabMagic = 0xfffffff1

	CurrentPCLnTabMagic = Go120PCLnTabMagic
)
