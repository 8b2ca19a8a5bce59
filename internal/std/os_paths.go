package std

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"spindle/internal/vm"
)

// The os bindings on paths, on the syscall pool (os_pool.go), each in
// the run's kind of file system (grants.go): the host's, the host's
// under a root (confine.go) or an fs.FS (os_fs.go).

// tempDirOf returns dir, or the run's temporary directory if dir is empty.
func tempDirOf(m *vm.Machine, dir string) string {
	if dir == "" {
		dir, _ = envLookup(stateOf(m).environ(m), "TMPDIR")
		if dir == "" {
			dir = "/tmp"
		}
	}
	return dir
}

// The run's working directory (vm.Machine.Dir: os.Chdir changes the
// run's, never the host process's). A relative path the guest names is
// resolved against it before the host sees it (runPath), and an error
// names the path as the guest gave it (guestPath).

// runPath returns the host's path for the guest's path name.
func runPath(m *vm.Machine, name string) string {
	dir := m.Dir()
	if dir == "" || name == "" || filepath.IsAbs(name) {
		return name
	}
	return dir + "/" + name
}

// guestPath puts the guest's own path back into err, whose path is full
// (runPath's of name).
func guestPath(err error, full, name string) error {
	if err == nil || full == name {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = guestName(pe.Path, full, name)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		le.Old, le.New = guestName(le.Old, full, name), guestName(le.New, full, name)
	}
	return err
}

// fileErr puts the guest's name of an open file back into err (the host
// file's is the path it was opened by, the run's directory joined).
func fileErr(err error, file hostIO, name string) error {
	return guestPath(err, file.Name(), name)
}

// guestName returns p, a host path, as the guest named it: full is the
// host's path of the guest's name, the run's directory joined to a
// relative one, and a path in that directory (a parent MkdirAll could not
// make, a file RemoveAll met) is given relative to it again.
func guestName(p, full, name string) string {
	if p == full {
		return name
	}
	if base, ok := strings.CutSuffix(full, name); ok && !filepath.IsAbs(name) && strings.HasSuffix(base, "/") {
		if rest, ok := strings.CutPrefix(p, base); ok {
			return rest
		}
	}
	if rest, ok := strings.CutPrefix(p, full+"/"); ok {
		return strings.TrimSuffix(name, "/") + "/" + rest
	}
	return p
}

// pathWork is errWork for fn on the host's path of the guest's name.
func pathWork(m *vm.Machine, name string, fn func(full string) error) func() *poolRes {
	full := runPath(m, name)
	return errWork(func() error { return guestPath(fn(full), full, name) })
}

// relTo turns p, a path under fullDir (the host's path of the guest's
// dir), back into one under dir (os.MkdirTemp's and CreateTemp's names).
func relTo(dir, fullDir, p string) string {
	if fullDir != dir && strings.HasPrefix(p, fullDir) {
		return dir + p[len(fullDir):]
	}
	return p
}

func osChdir(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name := args[0].String()
	full := runPath(f.M, name)
	c := capsOf(f.M)
	return func() *poolRes {
		var real string
		var err error
		switch c.mode {
		case fsVirtual:
			real, err = c.fsDir(full, name)
		case fsRoot:
			real, err = c.root.realDir(full)
		default:
			real, err = hostChdir(full)
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return &poolRes{err: &fs.PathError{Op: "chdir", Path: name, Err: err}}
		}
		return &poolRes{name: real}
	}
}

// hostChdir returns the directory the kernel would be in after chdir(2)
// to full: symlinks and ".." resolved through the file system.
func hostChdir(full string) (string, error) {
	fi, err := os.Stat(full)
	if err == nil && !fi.IsDir() {
		err = syscall.ENOTDIR
	}
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(full)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	return real, err
}

// fsDirOf is the run's directory for the fs.FS directory p.
func fsDirOf(p string) string {
	if p == "." {
		return "/"
	}
	return "/" + p
}

// fileChdir is (*os.File).Chdir: the run's working directory becomes the
// directory the file is open on, wherever it has moved since, as
// fchdir(2) would make it (the kernel's name of the descriptor).
func fileChdir(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	hf, err := openFD(f.M, fd, name, "chdir")
	if err != nil || hf == nil {
		if err == nil {
			err = &fs.PathError{Op: "chdir", Path: name, Err: syscall.ENOTDIR}
		}
		finishChdir(f, args, res, &poolRes{err: err})
		return nil
	}
	file := hf.f
	return func() *poolRes {
		fi, err := file.Stat()
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		var dir string
		if err == nil {
			switch file := file.(type) {
			case *fsFile:
				dir = fsDirOf(file.path)
			case *os.File:
				dir, err = os.Readlink("/proc/self/fd/" + strconv.Itoa(int(file.Fd())))
			}
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return &poolRes{err: &fs.PathError{Op: "chdir", Path: name, Err: err}}
		}
		return &poolRes{name: dir}
	}
}

func finishChdir(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	if r.err == nil {
		f.M.SetDir(r.name)
	}
	setErr(res, 0, r.err)
}

func osOpenFile(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, flag, perm := args[0].String(), hostFlags(int(args[1].Int())), fs.FileMode(args[2].N)
	full := runPath(f.M, name)
	d, c := stateOf(f.M), capsOf(f.M)
	if !c.takeFile(1) {
		res[0] = vm.Int(0)
		setErr(res, 1, pathErr("open", name, errQuota))
		return nil
	}
	mode := c.mode
	if full == os.DevNull {
		// Every run has the null device (os/exec opens it for a child's
		// missing streams): it holds nothing and keeps nothing.
		mode = fsHost
	}
	switch mode {
	case fsVirtual:
		return func() *poolRes {
			file, err := c.fsOpen(full, name, flag)
			return &poolRes{file: file, name: name, err: err, held: c}
		}
	case fsRoot:
		return func() *poolRes {
			fd, err := c.root.openFD(full, flag, perm, func(path string, open func() (int, error)) (int, error) {
				return d.openFIFO(path, flag, open)
			})
			if err != nil {
				var pe *fs.PathError
				if errors.As(err, &pe) { // openFIFO's
					err = pe.Err
				}
				return &poolRes{name: name, err: &fs.PathError{Op: "open", Path: name, Err: denied(err)}, held: c}
			}
			return &poolRes{file: os.NewFile(uintptr(fd), full), name: name, held: c}
		}
	}
	return func() *poolRes {
		if fi, err := os.Stat(full); err == nil && fi.Mode()&fs.ModeNamedPipe != 0 && flag&syscall.O_NONBLOCK == 0 {
			var file *os.File
			_, err := d.openFIFO(full, flag, func() (int, error) {
				var err error
				file, err = os.OpenFile(full, flag, perm)
				return -1, err
			})
			if err != nil && file != nil {
				file.Close() // released at the run's end: nobody takes it
				file = nil
			}
			return &poolRes{file: hostFileOf(file), name: name, err: guestPath(err, full, name), held: c}
		}
		file, err := os.OpenFile(full, flag, perm)
		return &poolRes{file: hostFileOf(file), name: name, err: guestPath(err, full, name), held: c}
	}
}

// openFIFO runs open, the blocking open of the FIFO path (a name the run's
// end can open it by), as an open in flight: one the run's end releases
// fails with EINTR, after what it opened is closed.
func (d *machineState) openFIFO(path string, flag int, open func() (int, error)) (int, error) {
	o := d.addFIFOOpen(path, flag)
	if o == nil { // the run is over: nothing would release it
		return -1, &fs.PathError{Op: "open", Path: path, Err: syscall.EINTR}
	}
	fd, err := open()
	if d.doneFIFOOpen(o) && err == nil {
		if fd >= 0 {
			syscall.Close(fd)
		}
		return -1, &fs.PathError{Op: "open", Path: path, Err: syscall.EINTR}
	}
	return fd, err
}

// fifoOpen is an open of a FIFO in flight (machineState.fifoOpens).
type fifoOpen struct {
	path string
	flag int
}

func (d *machineState) addFIFOOpen(path string, flag int) *fifoOpen {
	o := &fifoOpen{path, flag}
	d.mu.Lock()
	if d.fifosReleased {
		d.mu.Unlock()
		return nil
	}
	if d.fifoOpens == nil {
		d.fifoOpens = map[*fifoOpen]struct{}{}
	}
	d.fifoOpens[o] = struct{}{}
	d.mu.Unlock()
	return o
}

// doneFIFOOpen takes o out of the opens in flight; it reports whether the
// run has ended meanwhile (releaseFIFOOpens).
func (d *machineState) doneFIFOOpen(o *fifoOpen) (released bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.fifoOpens, o)
	return d.fifosReleased
}

// releaseFIFOOpens ends the FIFO opens still blocked when the run is
// over (nobody opened the other end): it opens the other end without
// blocking and closes it, so that the open returns and its pool thread
// and host goroutine end (the file it opened is closed by os.File's
// cleanup). A blocked reader's writer end opens since a reader exists; a
// reader end always opens. The opens in flight stay locked while it
// does: a confined run's FIFO path names the descriptor its open holds
// (/proc/self/fd/N), which is closed only after doneFIFOOpen.
func (d *machineState) releaseFIFOOpens() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fifosReleased = true
	for o := range d.fifoOpens {
		other := syscall.O_RDONLY
		if o.flag&(syscall.O_WRONLY|syscall.O_RDWR) == 0 {
			other = syscall.O_WRONLY
		}
		if fd, err := syscall.Open(o.path, other|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0); err == nil {
			syscall.Close(fd)
		}
	}
}

func finishOpenFile(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	fd := 0
	if r.err == nil {
		fd = stateOf(f.M).add(r.file, r.name)
		r.file, r.held = nil, nil
	}
	r.Drop()
	res[0] = vm.Int(int64(fd))
	setErr(res, 1, r.err)
}

func osReadFile(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name := args[0].String()
	full := runPath(f.M, name)
	c := capsOf(f.M)
	return func() *poolRes {
		var b []byte
		var err error
		switch c.mode {
		case fsVirtual:
			b, err = c.fsReadFile(full, name)
		case fsRoot:
			b, err = c.root.readFile(full)
		default:
			b, err = os.ReadFile(full)
		}
		return &poolRes{data: b, err: guestPath(err, full, name)}
	}
}

func finishReadFile(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	switch {
	case r.err != nil:
		res[0] = vm.Value{}
	case r.data == nil:
		res[0] = vm.Value{R: []byte{}}
	default:
		res[0] = OwnBytes(r.data) // os.ReadFile's fresh buffer: no copy
	}
	setErr(res, 1, r.err)
}

func osWriteFile(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, data, perm := args[0].String(), Bytes(args[1]), fs.FileMode(args[2].N)
	c := capsOf(f.M)
	return pathWork(f.M, name, func(full string) error {
		switch c.mode {
		case fsVirtual:
			return fsDenied("open", full)
		case fsRoot:
			return c.root.writeFile(full, data, perm)
		}
		return os.WriteFile(full, data, perm)
	})
}

func osStat(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, lstat := args[0].String(), args[1].Bool()
	full := runPath(f.M, name)
	c := capsOf(f.M)
	return func() *poolRes {
		var fi fs.FileInfo
		var err error
		switch {
		case full == os.DevNull:
			fi, err = os.Stat(full)
		case c.mode == fsVirtual:
			fi, err = c.fsStat(full, name, lstat)
		case c.mode == fsRoot:
			fi, err = c.root.stat(full, name, lstat)
		case lstat:
			fi, err = os.Lstat(full)
		default:
			fi, err = os.Stat(full)
		}
		return &poolRes{fi: fi, err: guestPath(err, full, name)}
	}
}

func osMkdir(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, perm, all := args[0].String(), fs.FileMode(args[1].N), args[2].Bool()
	c := capsOf(f.M)
	return pathWork(f.M, name, func(full string) error {
		switch {
		case c.mode == fsVirtual:
			return fsDenied("mkdir", full)
		case c.mode == fsRoot && all:
			return c.root.mkdirAll(full, perm)
		case c.mode == fsRoot:
			return c.root.mkdir(full, perm)
		case all:
			return os.MkdirAll(full, perm)
		}
		return os.Mkdir(full, perm)
	})
}

func osRemove(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, all := args[0].String(), args[1].Bool()
	c := capsOf(f.M)
	return pathWork(f.M, name, func(full string) error {
		switch {
		case c.mode == fsVirtual && all:
			return fsDenied("unlinkat", full)
		case c.mode == fsVirtual:
			return fsDenied("remove", full)
		case c.mode == fsRoot && all:
			return c.root.removeAll(full)
		case c.mode == fsRoot:
			return c.root.remove(full)
		case all:
			return os.RemoveAll(full)
		}
		return os.Remove(full)
	})
}

func osRename(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	from, to := args[0].String(), args[1].String()
	fullTo := runPath(f.M, to)
	c := capsOf(f.M)
	return pathWork(f.M, from, func(full string) error {
		switch c.mode {
		case fsVirtual:
			return syscall.EACCES
		case fsRoot:
			return c.root.rename(full, fullTo)
		}
		return guestPath(os.Rename(full, fullTo), fullTo, to)
	})
}

func finishRename(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	code, _, _, msg := errParts(r.err)
	res[0], res[1] = vm.Int(int64(code)), vm.Str(msg)
}

func osReadDir(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name := args[0].String()
	full := runPath(f.M, name)
	c := capsOf(f.M)
	return func() *poolRes {
		var ents []os.DirEntry
		var err error
		switch c.mode {
		case fsVirtual:
			ents, err = c.fsReadDir(full, name)
		case fsRoot:
			ents, err = c.root.readDir(full)
		default:
			ents, err = os.ReadDir(full)
		}
		return &poolRes{ents: ents, err: guestPath(err, full, name)}
	}
}

func osGetwd(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	dir := f.M.Dir()
	if dir == "" && capsOf(f.M).mode == fsVirtual {
		dir = "/"
	}
	if dir != "" {
		return func() *poolRes { return &poolRes{name: dir} }
	}
	return func() *poolRes {
		dir, err := os.Getwd()
		return &poolRes{name: dir, err: err}
	}
}

func osReadlink(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name := args[0].String()
	full := runPath(f.M, name)
	c := capsOf(f.M)
	return func() *poolRes {
		var dest string
		var err error
		switch c.mode {
		case fsVirtual:
			dest, err = c.fsReadlink(full, name)
		case fsRoot:
			dest, err = c.root.readlink(full)
		default:
			dest, err = os.Readlink(full)
		}
		return &poolRes{name: dest, err: guestPath(err, full, name)}
	}
}

func finishGetwd(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	res[0] = vm.Str(r.name)
	setErr(res, 1, r.err)
}

func osMkdirTemp(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	dir, pattern := tempDirOf(f.M, args[0].String()), args[1].String()
	full := runPath(f.M, dir)
	c := capsOf(f.M)
	if c.mode == fsHost {
		return func() *poolRes {
			name, err := os.MkdirTemp(full, pattern)
			return &poolRes{name: relTo(dir, full, name), err: guestPath(err, full, dir)}
		}
	}
	return func() *poolRes {
		name, err := tempLoop(c, dir, full, pattern, "mkdirtemp", func(full string) error {
			if c.mode == fsVirtual {
				return fsDenied("mkdir", full)
			}
			return c.root.mkdir(full, 0o700)
		})
		return &poolRes{name: name, err: err}
	}
}

// tempLoop is os.MkdirTemp's and CreateTemp's loop in a run's root or
// fs.FS: try makes the file or directory full; the name returned is in
// the guest's dir, and so is an error's.
func tempLoop(c *runCaps, dir, fullDir, pattern, op string, try func(full string) error) (string, error) {
	if strings.ContainsRune(pattern, '/') {
		return "", &fs.PathError{Op: op, Path: pattern, Err: errors.New("pattern contains path separator")}
	}
	prefix, suffix := pattern, ""
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	join := func(d string) string {
		if strings.HasSuffix(d, "/") {
			return d + prefix
		}
		return d + "/" + prefix
	}
	gprefix, fprefix := join(dir), join(fullDir)
	for n := 0; ; n++ {
		r := strconv.FormatUint(uint64(rand.Uint32()), 10)
		name, full := gprefix+r+suffix, fprefix+r+suffix
		err := try(full)
		if err == nil {
			return name, nil
		}
		err = guestPath(err, full, name)
		switch {
		case errors.Is(err, fs.ErrExist) && n < 10000:
			continue
		case errors.Is(err, fs.ErrExist):
			return "", &fs.PathError{Op: op, Path: gprefix + "*" + suffix, Err: fs.ErrExist}
		case errors.Is(err, fs.ErrNotExist) && op == "mkdirtemp":
			// As os.MkdirTemp: a missing dir is reported as Stat's.
			var serr error
			if c.mode == fsVirtual {
				_, serr = c.fsStat(fullDir, dir, false)
			} else {
				_, serr = c.root.stat(fullDir, dir, false)
			}
			if errors.Is(serr, fs.ErrNotExist) {
				return "", guestPath(serr, fullDir, dir)
			}
		}
		return "", err
	}
}

func finishMkdirTemp(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	res[0] = vm.Str(r.name)
	setErr(res, 1, r.err)
}

func osCreateTemp(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	dir, pattern := tempDirOf(f.M, args[0].String()), args[1].String()
	full := runPath(f.M, dir)
	c := capsOf(f.M)
	if !c.takeFile(1) {
		name := strings.TrimSuffix(dir, "/") + "/" + strings.Replace(pattern, "*", "", 1)
		finishCreateTemp(f, args, res, &poolRes{err: pathErr("open", name, errQuota)})
		return nil
	}
	if c.mode == fsHost {
		return func() *poolRes {
			file, err := os.CreateTemp(full, pattern)
			r := &poolRes{file: hostFileOf(file), err: guestPath(err, full, dir), held: c}
			if err == nil {
				r.name = relTo(dir, full, file.Name())
			}
			return r
		}
	}
	return func() *poolRes {
		var file *os.File
		name, err := tempLoop(c, dir, full, pattern, "createtemp", func(full string) error {
			if c.mode == fsVirtual {
				return fsDenied("open", full)
			}
			var err error
			file, err = c.root.open(full, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
			return err
		})
		return &poolRes{file: hostFileOf(file), name: name, err: err, held: c}
	}
}

func finishCreateTemp(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	fd := 0
	if r.err == nil {
		fd = stateOf(f.M).add(r.file, r.name)
		r.file, r.held = nil, nil
	}
	r.Drop()
	res[0], res[1] = vm.Int(int64(fd)), vm.Str(r.name)
	setErr(res, 2, r.err)
}

func osChmod(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, mode := args[0].String(), fs.FileMode(args[1].N)
	c := capsOf(f.M)
	return pathWork(f.M, name, func(full string) error {
		switch c.mode {
		case fsVirtual:
			return fsDenied("chmod", full)
		case fsRoot:
			return c.root.chmod(full, mode)
		}
		return os.Chmod(full, mode)
	})
}

func osTruncate(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, size := args[0].String(), args[1].Int()
	c := capsOf(f.M)
	return pathWork(f.M, name, func(full string) error {
		switch c.mode {
		case fsVirtual:
			return fsDenied("truncate", full)
		case fsRoot:
			return c.root.truncate(full, size)
		}
		return os.Truncate(full, size)
	})
}
