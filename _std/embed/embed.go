// Package embed gives access to files embedded in the running program
// with //go:embed. spindle embeds files into string and []byte
// variables (the loader sets them: internal/loader/embed.go); embed.FS
// needs package io/fs, which spindle's guest standard library does not
// provide yet, so a //go:embed of an FS is a compile error.
package embed

// FS is a read-only collection of files. spindle cannot fill one yet.
type FS struct {
	_ [0]func()
}
