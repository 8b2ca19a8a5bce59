package std

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A run's file system confined to a host directory (Grants.Root): every
// path the guest names is walked here one component at a time, from a
// descriptor of the root, with openat and O_NOFOLLOW, so that neither
// ".." nor a symbolic link (whose target is resolved here, not by the
// kernel) can lead out of it, whatever the guest does to the tree while
// the walk runs. The walk is Go's os.Root's (os/root_openat.go, doInRoot),
// with three differences: the guest names host paths, so an absolute
// path or symlink target under the root is taken relative to it (os.Root
// refuses every absolute one); with the root "/", ".." at the top stays
// there as in the kernel; and an embedded run (hideSelf) cannot enter
// the host process's own /proc directories (/proc/self, thread-self, the
// host's pid and its threads' ids), which hold its environment, its
// descriptors and its memory. Whatever leads out fails as EACCES.
//
// A walk's result is a descriptor of the directory holding the last
// component and that component's name, on which the operation runs as a
// *at system call that does not follow a final symlink; an operation
// that should follow one reads the link and walks on (errSymlink). Calls
// that take a path but have no *at form with that flag (chmod,
// truncate, access, chdir's realpath, a Unix socket's connect) run on
// /proc/self/fd/N of an O_PATH descriptor the walk opened: the kernel
// resolves that magic link to the very file.

// hostRoot is the confinement of one run.
type hostRoot struct {
	dir      string // absolute, cleaned, free of symlinks; "/" for the whole tree
	readOnly bool
	hideSelf bool
}

// errEscapes is a path leading out of the root; the guest sees EACCES.
var errEscapes = errors.New("path escapes the run's root")

// errSymlink asks the walk to follow a symlink to its target.
type errSymlink string

func (errSymlink) Error() string { return "BUG: errSymlink escaped the walk" }

// denied is the errno a guest sees for err: EACCES for an escape.
func denied(err error) error {
	if err == errEscapes {
		return syscall.EACCES
	}
	return err
}

// rel returns the host path full (absolute) relative to the root, or
// errEscapes. A path whose text does not start with the root is cleaned
// first ("/a/../root/x"); what is under the root is left to the walk.
func (r *hostRoot) rel(full string) (string, error) {
	if !strings.HasPrefix(full, "/") {
		// The run has no directory of its own: the host process's.
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		full = wd + "/" + full
	}
	if r.dir == "/" {
		return strings.TrimLeft(full, "/"), nil
	}
	for range 2 {
		if full == r.dir {
			return "", nil
		}
		if rest, ok := strings.CutPrefix(full, r.dir); ok && rest[0] == '/' {
			return strings.TrimLeft(rest, "/"), nil
		}
		full = filepath.Clean(full)
	}
	return "", errEscapes
}

// splitPath splits s (relative) into its components after prefix and
// before suffix, as os.Root's splitPathInRoot does: "." components go
// except a last one, and endsInSlash says whether s ended in "/".
func splitPath(s string, prefix, suffix []string) (parts []string, endsInSlash bool) {
	parts = slices.Clone(prefix)
	if s == "" {
		s = "."
	}
	i, j := 0, 1
	for {
		if j < len(s) && s[j] != '/' {
			j++
			continue
		}
		parts = append(parts, s[i:j])
		partEnd := j
		for j < len(s) && s[j] == '/' {
			j++
		}
		if j == len(s) {
			endsInSlash = len(s[partEnd:]) > 0
			break
		}
		if parts[len(parts)-1] == "." {
			parts = parts[:len(parts)-1]
		}
		i = j
	}
	if len(suffix) > 0 && len(parts) > 0 && parts[len(parts)-1] == "." {
		parts = parts[:len(parts)-1]
	}
	return append(parts, suffix...), endsInSlash
}

// Flags of walk (os.Root's doInRoot flags).
const (
	walkNoTerminalSlash = 1 << iota // no special handling of a path ending in "/"
	walkCreatingDir                 // a final "x/" may not exist yet
)

const (
	maxSymlinks = 40 // as Linux's
	maxSteps    = 255
	maxRestarts = 8
)

// walk runs f on the directory holding the last component of full (an
// absolute host path) and that component's name, as os.Root's doInRoot
// does; openDir, if not nil, opens the intermediate directories (MkdirAll
// creates them). f and openDir may return errSymlink to have the walk
// follow a link. Errors are bare errnos, or errEscapes.
func walk[T any](r *hostRoot, full string, flags uint, openDir func(parent int, name string) (int, error), f func(parent int, name string, endsInSlash bool) (T, error)) (ret T, err error) {
	if full == "" {
		return ret, syscall.ENOENT
	}
	rel, err := r.rel(full)
	if err != nil {
		return ret, err
	}
	parts, endsInSlash := splitPath(rel, nil, nil)
	if openDir == nil {
		openDir = openDirAt
	}
	rootfd, err := unix.Open(r.dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return ret, err
	}
	defer unix.Close(rootfd)
	dirfd := rootfd
	defer func() {
		if dirfd != rootfd {
			unix.Close(dirfd)
		}
	}()
	restart := func() {
		if dirfd != rootfd {
			unix.Close(dirfd)
		}
		dirfd = rootfd
	}

	i, steps, restarts, symlinks := 0, 0, 0, 0
	for {
		steps++
		if steps > maxSteps && restarts > maxRestarts {
			return ret, syscall.ENAMETOOLONG
		}
		if parts[i] == ".." {
			// Drop the components ".." takes back and start over from
			// the root (a directory opened on the way may have moved).
			restarts++
			end := i + 1
			for end < len(parts) && parts[end] == ".." {
				end++
			}
			count := end - i
			if count > i {
				if r.dir != "/" {
					return ret, errEscapes
				}
				count = i // "/.." is "/"
			}
			parts = slices.Delete(parts, i-count, end)
			if len(parts) == 0 {
				parts = []string{"."}
			}
			i = 0
			restart()
			continue
		}
		if r.hideSelf && hostProc(dirfd, parts[i]) {
			return ret, syscall.EACCES
		}
		if i == len(parts)-1 {
			err = nil
			if endsInSlash && flags&walkNoTerminalSlash == 0 {
				var st unix.Stat_t
				err = unix.Fstatat(dirfd, parts[i], &st, unix.AT_SYMLINK_NOFOLLOW)
				switch {
				case err == syscall.ENOENT && flags&walkCreatingDir != 0:
					err = nil
				case err != nil:
					return ret, err
				case st.Mode&unix.S_IFMT == unix.S_IFDIR:
				case st.Mode&unix.S_IFMT == unix.S_IFLNK:
					err = checkSymlink(dirfd, parts[i], syscall.ENOTDIR)
				default:
					return ret, syscall.ENOTDIR
				}
			}
			if err == nil {
				ret, err = f(dirfd, parts[i], endsInSlash)
				if err == nil {
					return ret, nil
				}
			}
		} else {
			var fd int
			fd, err = openDir(dirfd, parts[i])
			if err == nil {
				if dirfd != rootfd {
					unix.Close(dirfd)
				}
				dirfd = fd
			}
		}
		link, ok := err.(errSymlink)
		if !ok {
			if err != nil {
				return ret, err
			}
			i++
			continue
		}
		if symlinks++; symlinks > maxSymlinks {
			return ret, syscall.ELOOP
		}
		last := i == len(parts)-1
		target := string(link)
		prefix := parts[:i]
		if strings.HasPrefix(target, "/") {
			// A host path: the walk starts over from the root.
			if target, err = r.rel(target); err != nil {
				return ret, err
			}
			prefix = nil
		}
		newparts, newSlash := splitPath(target, prefix, parts[i+1:])
		if last && newSlash {
			endsInSlash = true
		}
		if len(newparts) < i || !slices.Equal(parts[:i], newparts[:i]) {
			i = 0
			restart()
		}
		parts = newparts
	}
}

// openDirAt opens the directory name in parent for the walk (O_PATH: as
// the kernel's own walk, it needs search permission, not read).
func openDirAt(parent int, name string) (int, error) {
	fd, err := openatRetry(parent, name, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err == syscall.ENOTDIR || err == syscall.ELOOP {
		err = checkSymlink(parent, name, err)
	}
	return fd, err
}

func openatRetry(dirfd int, name string, flags int, perm uint32) (int, error) {
	for {
		fd, err := unix.Openat(dirfd, name, flags, perm)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// checkSymlink returns errSymlink with name's target if name (in parent)
// is a symlink, else orig.
func checkSymlink(parent int, name string, orig error) error {
	link, err := readlinkAt(parent, name)
	if err != nil {
		return orig
	}
	return errSymlink(link)
}

func readlinkAt(dirfd int, name string) (string, error) {
	for n := 128; ; n *= 2 {
		b := make([]byte, n)
		k, err := unix.Readlinkat(dirfd, name, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return "", err
		}
		if k < n {
			return string(b[:max(k, 0)]), nil
		}
	}
}

// hostProc reports whether name in dirfd is one of the host process's
// own directories in a procfs: dirfd is a procfs's root (inode 1) and
// name is self, thread-self, the process's pid in that procfs's pid
// namespace, or one of its threads' ids. When in doubt it says yes.
func hostProc(dirfd int, name string) bool {
	if name != "self" && name != "thread-self" && !allDigits(name) {
		return false
	}
	var sfs unix.Statfs_t
	if unix.Fstatfs(dirfd, &sfs) != nil || sfs.Type != unix.PROC_SUPER_MAGIC {
		return false
	}
	var st unix.Stat_t
	if unix.Fstat(dirfd, &st) != nil || st.Ino != 1 {
		return false
	}
	if name == "self" || name == "thread-self" {
		return true
	}
	self, err := readlinkAt(dirfd, "self")
	if err != nil || self == name {
		return true
	}
	return unix.Fstatat(dirfd, self+"/task/"+name, &st, 0) == nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// The operations on a confined path. full is the host's path of the
// guest's name (runPath); errors are *fs.PathError with op as Go's os
// names it and the path full, which the callers give back to the guest
// as it named it (guestPath).

func (r *hostRoot) pathErr(op, full string, err error) error {
	return &fs.PathError{Op: op, Path: full, Err: denied(err)}
}

// writes reports whether open flags may change the file system.
func writes(flag int) bool {
	return flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0
}

// openFD opens full with flag (os's), following a final symlink; fifo,
// if not nil, wraps a blocking open of a FIFO (osOpenFile).
func (r *hostRoot) openFD(full string, flag int, perm fs.FileMode, fifo func(path string, open func() (int, error)) (int, error)) (int, error) {
	if r.readOnly && writes(flag) {
		return -1, syscall.EACCES
	}
	return walk(r, full, 0, nil, func(parent int, name string, _ bool) (int, error) {
		oflag := flag | unix.O_NOFOLLOW | unix.O_CLOEXEC
		open := func() (int, error) { return openatRetry(parent, name, oflag, uint32(perm.Perm())) }
		var st unix.Stat_t
		if fifo != nil && flag&unix.O_NONBLOCK == 0 && unix.Fstatat(parent, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFIFO {
			// An open that waits for the other end: through a
			// descriptor of the FIFO itself, which the run's end can
			// open too (releaseFIFOOpens).
			pfd, err := openatRetry(parent, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			if err != nil {
				return -1, err
			}
			magic := "/proc/self/fd/" + strconv.Itoa(pfd)
			open = func() (int, error) {
				return unix.Open(magic, (flag|unix.O_CLOEXEC)&^(unix.O_CREAT|unix.O_EXCL), 0)
			}
			fd, err := fifo(magic, open)
			unix.Close(pfd)
			return fd, err
		}
		fd, err := open()
		if err != nil {
			createExcl := flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL
			if !createExcl && (err == syscall.ELOOP || err == syscall.ENOTDIR) {
				err = checkSymlink(parent, name, err)
			}
		}
		return fd, err
	})
}

// open is os.OpenFile on a confined path.
func (r *hostRoot) open(full string, flag int, perm fs.FileMode) (*os.File, error) {
	fd, err := r.openFD(full, flag, perm, nil)
	if err != nil {
		return nil, r.pathErr("open", full, err)
	}
	return os.NewFile(uintptr(fd), full), nil
}

// openPath opens full with O_PATH (following a final symlink if follow)
// and returns the descriptor and its /proc/self/fd name.
func (r *hostRoot) openPath(full string, follow bool) (int, string, error) {
	fd, err := walk(r, full, 0, nil, func(parent int, name string, _ bool) (int, error) {
		fd, err := openatRetry(parent, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil || !follow {
			return fd, err
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			unix.Close(fd)
			return -1, checkSymlink(parent, name, syscall.ELOOP)
		}
		return fd, nil
	})
	if err != nil {
		return -1, "", err
	}
	return fd, "/proc/self/fd/" + strconv.Itoa(fd), nil
}

// onPath runs fn on the /proc/self/fd name of full's file.
func (r *hostRoot) onPath(op, full string, follow bool, fn func(magic string) error) error {
	fd, magic, err := r.openPath(full, follow)
	if err == nil {
		err = fn(magic)
		unix.Close(fd)
	}
	if err != nil {
		return r.pathErr(op, full, err)
	}
	return nil
}

// stat is os.Stat (os.Lstat if lstat); the FileInfo's name is name's.
func (r *hostRoot) stat(full, name string, lstat bool) (fs.FileInfo, error) {
	op := "stat"
	if lstat {
		op = "lstat"
	}
	fi, err := walk(r, full, 0, nil, func(parent int, last string, _ bool) (fs.FileInfo, error) {
		var st unix.Stat_t
		if err := unix.Fstatat(parent, last, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			return nil, err
		}
		if !lstat && st.Mode&unix.S_IFMT == unix.S_IFLNK {
			return nil, checkSymlink(parent, last, syscall.ELOOP)
		}
		return statInfo(filepath.Base(name), &st), nil
	})
	if err != nil {
		return nil, r.pathErr(op, full, err)
	}
	return fi, nil
}

// readDir is os.ReadDir: the entries sorted by name.
func (r *hostRoot) readDir(full string) ([]os.DirEntry, error) {
	f, err := r.open(full, os.O_RDONLY|unix.O_DIRECTORY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents, err
}

// readFile is os.ReadFile.
func (r *hostRoot) readFile(full string) ([]byte, error) {
	f, err := r.open(full, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if b == nil {
		b = []byte{}
	}
	return b, err
}

// writeFile is os.WriteFile.
func (r *hostRoot) writeFile(full string, data []byte, perm fs.FileMode) error {
	f, err := r.open(full, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// mkdir is os.Mkdir.
func (r *hostRoot) mkdir(full string, perm fs.FileMode) error {
	if r.readOnly {
		return r.pathErr("mkdir", full, syscall.EACCES)
	}
	_, err := walk(r, full, walkCreatingDir|walkNoTerminalSlash, nil, func(parent int, name string, _ bool) (struct{}, error) {
		return struct{}{}, unix.Mkdirat(parent, name, uint32(perm.Perm()))
	})
	if err != nil {
		return r.pathErr("mkdir", full, err)
	}
	return nil
}

// mkdirAll is os.MkdirAll, step by step as it goes (so its errors name
// the same paths), each step a confined walk.
func (r *hostRoot) mkdirAll(full string, perm fs.FileMode) error {
	fi, err := r.stat(full, full, false)
	if err == nil {
		if fi.IsDir() {
			return nil
		}
		return r.pathErr("mkdir", full, syscall.ENOTDIR)
	}
	i := len(full) - 1
	for i >= 0 && full[i] == '/' {
		i--
	}
	for i >= 0 && full[i] != '/' {
		i--
	}
	if parent := full[:max(i, 0)]; parent != "" {
		if err := r.mkdirAll(parent, perm); err != nil {
			return err
		}
	}
	if err := r.mkdir(full, perm); err != nil {
		if fi, err1 := r.stat(full, full, true); err1 == nil && fi.IsDir() {
			return nil // "a/."
		}
		return err
	}
	return nil
}

// remove is os.Remove.
func (r *hostRoot) remove(full string) error {
	if r.readOnly {
		return r.pathErr("remove", full, syscall.EACCES)
	}
	_, err := walk(r, full, 0, nil, func(parent int, name string, _ bool) (struct{}, error) {
		return struct{}{}, removeAt(parent, name)
	})
	if err != nil {
		return r.pathErr("remove", full, err)
	}
	return nil
}

func removeAt(parent int, name string) error {
	e := unix.Unlinkat(parent, name, 0)
	if e == nil {
		return nil
	}
	e1 := unix.Unlinkat(parent, name, unix.AT_REMOVEDIR)
	if e1 == nil {
		return nil
	}
	// Both failed: as os.Remove decides which error to report.
	if e1 != syscall.ENOTDIR {
		return e1
	}
	return e
}

// removeAll is os.RemoveAll.
func (r *hostRoot) removeAll(full string) error {
	if full == "" {
		return nil
	}
	if full == "." || strings.HasSuffix(full, "/.") {
		return &fs.PathError{Op: "RemoveAll", Path: full, Err: syscall.EINVAL}
	}
	if r.readOnly {
		return r.pathErr("unlinkat", full, syscall.EACCES)
	}
	_, err := walk(r, strings.TrimRight(full, "/"), 0, nil, func(parent int, name string, _ bool) (struct{}, error) {
		return struct{}{}, removeAllAt(parent, name, 0)
	})
	switch {
	case err == nil || errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.As(err, new(*fs.PathError)):
		pe := err.(*fs.PathError)
		pe.Path = filepath.Dir(full) + "/" + pe.Path
		return pe
	}
	return r.pathErr("unlinkat", full, err)
}

// removeAllAt removes name in parent and everything under it, never
// following a symlink (os's removeAllFrom).
func removeAllAt(parent int, name string, depth int) error {
	err := unix.Unlinkat(parent, name, 0)
	if err == nil || err == syscall.ENOENT {
		return nil
	}
	if err != syscall.EISDIR && err != syscall.EPERM && err != syscall.EACCES {
		return &fs.PathError{Op: "unlinkat", Path: name, Err: err}
	}
	if depth > 512 {
		return &fs.PathError{Op: "unlinkat", Path: name, Err: syscall.ENAMETOOLONG}
	}
	uErr := err
	var recurseErr error
	for {
		fd, err := openatRetry(parent, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			switch err {
			case syscall.ENOENT:
				return nil
			case syscall.ENOTDIR, syscall.ELOOP:
				return &fs.PathError{Op: "unlinkat", Path: name, Err: uErr}
			}
			recurseErr = &fs.PathError{Op: "openfdat", Path: name, Err: err}
			break
		}
		dir := os.NewFile(uintptr(fd), name)
		const batch = 1024
		names, rerr := dir.Readdirnames(batch)
		if rerr != nil && rerr != io.EOF {
			dir.Close()
			return &fs.PathError{Op: "readdirnames", Path: name, Err: rerr}
		}
		for _, n := range names {
			if err := removeAllAt(fd, n, depth+1); err != nil {
				if pe, ok := err.(*fs.PathError); ok {
					pe.Path = name + "/" + pe.Path
				}
				if recurseErr == nil {
					recurseErr = err
				}
			}
		}
		dir.Close()
		if len(names) < batch || recurseErr != nil {
			break
		}
	}
	err = unix.Unlinkat(parent, name, unix.AT_REMOVEDIR)
	if err == nil || err == syscall.ENOENT {
		return nil
	}
	if recurseErr != nil {
		return recurseErr
	}
	return &fs.PathError{Op: "unlinkat", Path: name, Err: err}
}

// rename is os.Rename (the error's errno; the guest builds the
// LinkError).
func (r *hostRoot) rename(from, to string) error {
	if r.readOnly {
		return syscall.EACCES
	}
	_, err := walk(r, from, 0, nil, func(oldParent int, oldName string, _ bool) (struct{}, error) {
		_, err := walk(r, to, walkCreatingDir, nil, func(newParent int, newName string, newSlash bool) (struct{}, error) {
			var ost, nst unix.Stat_t
			if newSlash {
				if err := unix.Fstatat(oldParent, oldName, &ost, unix.AT_SYMLINK_NOFOLLOW); err != nil {
					return struct{}{}, err
				}
				if ost.Mode&unix.S_IFMT != unix.S_IFDIR {
					return struct{}{}, syscall.ENOTDIR
				}
			}
			// os.Rename's check: an existing directory is not replaced.
			if unix.Fstatat(newParent, newName, &nst, unix.AT_SYMLINK_NOFOLLOW) == nil && nst.Mode&unix.S_IFMT == unix.S_IFDIR {
				if err := unix.Fstatat(oldParent, oldName, &ost, unix.AT_SYMLINK_NOFOLLOW); err != nil {
					return struct{}{}, err
				}
				if ost.Dev != nst.Dev || ost.Ino != nst.Ino {
					return struct{}{}, syscall.EEXIST
				}
			}
			return struct{}{}, unix.Renameat(oldParent, oldName, newParent, newName)
		})
		return struct{}{}, err
	})
	return denied(err)
}

// readlink is os.Readlink.
func (r *hostRoot) readlink(full string) (string, error) {
	dest, err := walk(r, full, 0, nil, func(parent int, name string, _ bool) (string, error) {
		return readlinkAt(parent, name)
	})
	if err != nil {
		return "", r.pathErr("readlink", full, err)
	}
	return dest, nil
}

// chmod is os.Chmod.
func (r *hostRoot) chmod(full string, mode fs.FileMode) error {
	if r.readOnly {
		return r.pathErr("chmod", full, syscall.EACCES)
	}
	return r.onPath("chmod", full, true, func(magic string) error { return unix.Chmod(magic, syscallMode(mode)) })
}

// truncate is os.Truncate.
func (r *hostRoot) truncate(full string, size int64) error {
	if r.readOnly {
		return r.pathErr("truncate", full, syscall.EACCES)
	}
	return r.onPath("truncate", full, true, func(magic string) error { return unix.Truncate(magic, size) })
}

// access is faccessat(2) with AT_EACCESS (os/exec's LookPath).
func (r *hostRoot) access(full string, mode uint32) error {
	err := r.onPath("access", full, true, func(magic string) error {
		return unix.Faccessat(unix.AT_FDCWD, magic, mode, unix.AT_EACCESS)
	})
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// realDir returns the directory full names, symlinks resolved (chdir).
func (r *hostRoot) realDir(full string) (string, error) {
	fd, magic, err := r.openPath(full, true)
	if err != nil {
		return "", denied(err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return "", err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return "", syscall.ENOTDIR
	}
	return os.Readlink(magic)
}

// check reports whether full is a file in the root (a program a child
// process runs, its directory), following symlinks.
func (r *hostRoot) check(full string) error {
	fd, _, err := r.openPath(full, true)
	if err != nil {
		return denied(err)
	}
	unix.Close(fd)
	return nil
}

// onParent runs fn on a name for full that the kernel resolves to that
// very entry of its directory: /proc/self/fd/N/base (a Unix socket's
// bind).
func (r *hostRoot) onParent(full string, fn func(magic string) error) error {
	_, err := walk(r, full, walkNoTerminalSlash, nil, func(parent int, name string, _ bool) (struct{}, error) {
		return struct{}{}, fn("/proc/self/fd/" + strconv.Itoa(parent) + "/" + name)
	})
	return denied(err)
}

// unlink removes full, a file (a Unix listener's socket).
func (r *hostRoot) unlink(full string) error {
	_, err := walk(r, full, walkNoTerminalSlash, nil, func(parent int, name string, _ bool) (struct{}, error) {
		return struct{}{}, unix.Unlinkat(parent, name, 0)
	})
	return err
}

func syscallMode(m fs.FileMode) uint32 {
	o := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		o |= unix.S_ISUID
	}
	if m&fs.ModeSetgid != 0 {
		o |= unix.S_ISGID
	}
	if m&fs.ModeSticky != 0 {
		o |= unix.S_ISVTX
	}
	return o
}

// statInfo is an fs.FileInfo from a stat(2) result, as os makes one.
func statInfo(name string, st *unix.Stat_t) fs.FileInfo {
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFBLK:
		mode |= fs.ModeDevice
	case unix.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFDIR:
		mode |= fs.ModeDir
	case unix.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case unix.S_IFLNK:
		mode |= fs.ModeSymlink
	case unix.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	if st.Mode&unix.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if st.Mode&unix.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if st.Mode&unix.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return &fileInfo{name: name, size: st.Size, mode: mode, mtime: time.Unix(st.Mtim.Sec, st.Mtim.Nsec)}
}

type fileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (fi *fileInfo) Name() string       { return fi.name }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) Mode() fs.FileMode  { return fi.mode }
func (fi *fileInfo) ModTime() time.Time { return fi.mtime }
func (fi *fileInfo) IsDir() bool        { return fi.mode.IsDir() }
func (fi *fileInfo) Sys() any           { return nil }
