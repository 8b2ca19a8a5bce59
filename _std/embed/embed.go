// Package embed is what spindle serves for `import "embed"` when there is
// no go command to find Go's own embed package: //go:embed into string
// and []byte variables works (the loader sets them), and an embed.FS is a
// compile error saying it needs Go's package. With a go command, Go's own
// embed is compiled from the toolchain's source instead (docs/STDLIB.md).
package embed

// FS is a read-only collection of files; without Go's own embed package
// spindle cannot fill one.
type FS struct {
	_ [0]func()
}
