// Package ioutil is spindle's guest io/ioutil package: Go's deprecated
// wrappers, forwarding to io and os as Go's do.
package ioutil

import (
	"io"
	"os"
)

// Discard is an io.Writer on which all Write calls succeed.
var Discard io.Writer = io.Discard

// ReadAll reads from r until an error or EOF and returns the data.
func ReadAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }

// ReadFile reads the named file and returns its contents.
func ReadFile(filename string) ([]byte, error) { return os.ReadFile(filename) }

// WriteFile writes data to the named file, creating it if necessary.
func WriteFile(filename string, data []byte, perm os.FileMode) error {
	return os.WriteFile(filename, data, perm)
}

// ReadDir reads the directory and returns its entries' FileInfo, sorted
// by name.
func ReadDir(dirname string) ([]os.FileInfo, error) {
	entries, err := os.ReadDir(dirname)
	if err != nil {
		return nil, err
	}
	infos := make([]os.FileInfo, 0, len(entries))
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			return nil, err
		}
		infos = append(infos, fi)
	}
	return infos, nil // os.ReadDir sorts by name
}

// NopCloser returns a ReadCloser with a no-op Close method wrapping r.
func NopCloser(r io.Reader) io.ReadCloser { return io.NopCloser(r) }

// TempFile creates a new temporary file (see os.CreateTemp).
func TempFile(dir, pattern string) (f *os.File, err error) { return os.CreateTemp(dir, pattern) }

// TempDir creates a new temporary directory (see os.MkdirTemp).
func TempDir(dir, pattern string) (name string, err error) { return os.MkdirTemp(dir, pattern) }
