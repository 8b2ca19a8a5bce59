// Package filepath is spindle's fallback path/filepath, used only when
// there is no Go toolchain to compile Go's own from (the loader prefers
// Go's). For Unix (Separator is '/', so the lexical functions are package
// path's); Walk and Glob read directories through os. Missing: WalkDir,
// EvalSymlinks, Localize, IsLocal (Go's own has them).
package filepath

import (
	"errors"
	"os"
	"path"
	"strings"
)

// Separator and ListSeparator are the OS-specific path separators.
const (
	Separator     = '/'
	ListSeparator = ':'
)

// ErrBadPattern indicates a pattern was malformed (a value of its own,
// as in Go, not path.ErrBadPattern).
var ErrBadPattern = errors.New("syntax error in pattern")

// SkipDir, returned by a WalkFunc, skips the directory (or, for a file,
// the rest of its directory).
var SkipDir = errors.New("skip this directory")

// SkipAll, returned by a WalkFunc, ends the walk successfully.
var SkipAll = errors.New("skip everything and stop the walk")

// Clean returns the shortest path equivalent to p by lexical processing.
func Clean(p string) string { return path.Clean(p) }

// Join joins path elements with the separator and cleans the result.
func Join(elem ...string) string { return path.Join(elem...) }

// Split splits p after its final separator.
func Split(p string) (dir, file string) { return path.Split(p) }

// Base returns the last element of p.
func Base(p string) string { return path.Base(p) }

// Dir returns all but the last element of p.
func Dir(p string) string { return path.Dir(p) }

// Ext returns the file name extension of p.
func Ext(p string) string { return path.Ext(p) }

// IsAbs reports whether p is absolute.
func IsAbs(p string) bool { return path.IsAbs(p) }

// Match reports whether name matches the shell pattern.
func Match(pattern, name string) (matched bool, err error) {
	matched, err = path.Match(pattern, name)
	if err != nil {
		err = ErrBadPattern
	}
	return matched, err
}

// ToSlash and FromSlash convert separators (the identity on Unix).
func ToSlash(p string) string   { return p }
func FromSlash(p string) string { return p }

// VolumeName returns the leading volume name ("" on Unix).
func VolumeName(p string) string { return "" }

// SplitList splits a list of paths joined by ListSeparator (as in PATH);
// an empty string gives an empty list.
func SplitList(p string) []string {
	if p == "" {
		return []string{}
	}
	return strings.Split(p, string(ListSeparator))
}

// Abs returns an absolute, cleaned form of p, relative to the working
// directory.
func Abs(p string) (string, error) {
	if IsAbs(p) {
		return Clean(p), nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return Join(wd, p), nil
}

// Rel returns a relative path that is lexically equivalent to targpath
// when joined to basepath, or an error if there is none.
func Rel(basepath, targpath string) (string, error) {
	base, targ := Clean(basepath), Clean(targpath)
	if targ == base {
		return ".", nil
	}
	if base == "." {
		base = ""
	}
	if IsAbs(base) != IsAbs(targ) {
		return "", errors.New("Rel: can't make " + targpath + " relative to " + basepath)
	}
	bl, tl := len(base), len(targ)
	var b0, bi, t0, ti int
	for {
		for bi < bl && base[bi] != Separator {
			bi++
		}
		for ti < tl && targ[ti] != Separator {
			ti++
		}
		if targ[t0:ti] != base[b0:bi] {
			break
		}
		if bi < bl {
			bi++
		}
		if ti < tl {
			ti++
		}
		b0, t0 = bi, ti
	}
	if base[b0:bi] == ".." {
		return "", errors.New("Rel: can't make " + targpath + " relative to " + basepath)
	}
	if b0 != bl {
		// Up from base to the common prefix, then down to targ.
		seps := strings.Count(base[b0:bl], string(Separator))
		var b strings.Builder
		b.WriteString("..")
		for i := 0; i < seps; i++ {
			b.WriteString("/..")
		}
		if t0 != tl {
			b.WriteString("/")
			b.WriteString(targ[t0:])
		}
		return b.String(), nil
	}
	return targ[t0:], nil
}

// WalkFunc is the type of the function Walk calls for each file or
// directory.
type WalkFunc func(path string, info os.FileInfo, err error) error

// Walk walks the file tree rooted at root in lexical order, calling fn
// for each file or directory (root included). It does not follow
// symbolic links.
func Walk(root string, fn WalkFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walk(root, info, fn)
	}
	if err == SkipDir || err == SkipAll {
		return nil
	}
	return err
}

func walk(p string, info os.FileInfo, fn WalkFunc) error {
	if !info.IsDir() {
		return fn(p, info, nil)
	}
	entries, err := os.ReadDir(p)
	err1 := fn(p, info, err)
	if err != nil || err1 != nil {
		return err1
	}
	for _, e := range entries {
		name := Join(p, e.Name())
		fi, err := os.Lstat(name)
		if err != nil {
			if err := fn(name, fi, err); err != nil && err != SkipDir {
				return err
			}
			continue
		}
		if err := walk(name, fi, fn); err != nil {
			if !fi.IsDir() || err != SkipDir {
				return err
			}
		}
	}
	return nil
}

// Glob returns the names of all files matching pattern, or nil if there
// is none; the only error is ErrBadPattern. Directory-reading errors are
// ignored, as in Go.
func Glob(pattern string) (matches []string, err error) {
	if _, err := Match(pattern, ""); err != nil {
		return nil, err
	}
	if !hasMeta(pattern) {
		if _, err := os.Lstat(pattern); err != nil {
			return nil, nil
		}
		return []string{pattern}, nil
	}
	dir, file := Split(pattern)
	dir = cleanGlobPath(dir)
	if !hasMeta(dir) {
		return glob(dir, file, nil)
	}
	if dir == pattern {
		return nil, ErrBadPattern
	}
	dirs, err := Glob(dir)
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if matches, err = glob(d, file, matches); err != nil {
			return nil, err
		}
	}
	return matches, nil
}

func cleanGlobPath(p string) string {
	switch p {
	case "":
		return "."
	case string(Separator):
		return p
	}
	return p[:len(p)-1] // chop off the trailing separator
}

func glob(dir, pattern string, matches []string) ([]string, error) {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return matches, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return matches, nil
	}
	for _, e := range entries { // os.ReadDir sorts by name
		n := e.Name()
		matched, err := Match(pattern, n)
		if err != nil {
			return matches, err
		}
		if matched {
			matches = append(matches, Join(dir, n))
		}
	}
	return matches, nil
}

func hasMeta(p string) bool { return strings.ContainsAny(p, `*?[\`) }
