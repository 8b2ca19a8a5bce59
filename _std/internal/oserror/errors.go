// Package oserror defines the error values os and io/fs share: spindle's
// os and Go's own io/fs (compiled from the toolchain's source) both use
// these, so errors.Is(err, fs.ErrNotExist) holds for an os error. It is
// spindle's own so that os needs no toolchain.
package oserror

import "errors"

// The errors os and io/fs export.
var (
	ErrInvalid    = errors.New("invalid argument")
	ErrPermission = errors.New("permission denied")
	ErrExist      = errors.New("file already exists")
	ErrNotExist   = errors.New("file does not exist")
	ErrClosed     = errors.New("file already closed")
)
