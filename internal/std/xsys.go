package std

import (
	"os"
	"reflect"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"spindle/internal/vm"
)

// The raw layer of golang.org/x/sys/unix and x/sys/cpu, whose entry
// points are assembly: a module that imports them (terminal detection in
// loggers and table printers, file locks, rlimits, uname) runs on
// spindle through these host functions instead.
//
// Syscall and its variants serve an allowlist of system calls, each with
// its arguments checked and translated: a file descriptor is the guest's
// (its file table's handle, or a standard stream), mapped to the host's
// file behind it; a pointer argument is a guest value (spindle has no
// addresses), which is converted to and from the kernel's layout of the
// struct the call takes by walking the host's own x/sys/unix type of it
// field by field (the guest's struct has the same fields in the same
// order: both come from x/sys/unix's ztypes). Every other system call
// fails with ENOSYS: a guest cannot reach the host's memory, descriptors
// or processes through this layer beyond what os already allows.
// Calls that change the host process as a whole (setrlimit, fcntl's
// F_SETFL on a shared descriptor) are refused with EPERM.

var xsysFuncs = hostTable{
	"golang.org/x/sys/unix.Syscall":           func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 3, true) },
	"golang.org/x/sys/unix.Syscall6":          func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 6, true) },
	"golang.org/x/sys/unix.RawSyscall":        func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 3, true) },
	"golang.org/x/sys/unix.RawSyscall6":       func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 6, true) },
	"golang.org/x/sys/unix.SyscallNoError":    func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 3, false) },
	"golang.org/x/sys/unix.RawSyscallNoError": func(f *vm.Fiber, args, res []vm.Value) { xsysCall(f, args, res, 3, false) },
	"golang.org/x/sys/unix.gettimeofday": func(f *vm.Fiber, args, res []vm.Value) {
		tv := unix.NsecToTimeval(time.Now().UnixNano())
		res[0] = vm.Uint(uint64(toGuestPtr(args[0], reflect.ValueOf(&tv).Elem())))
	},
	// x/sys/cpu: no CPU features (the pure-Go paths run), as Go's own
	// internal/cpu reports for spindle.
	"golang.org/x/sys/cpu.cpuid": func(f *vm.Fiber, args, res []vm.Value) {
		res[0], res[1], res[2], res[3] = vm.Uint(0), vm.Uint(0), vm.Uint(0), vm.Uint(0)
	},
	"golang.org/x/sys/cpu.xgetbv": func(f *vm.Fiber, args, res []vm.Value) { res[0], res[1] = vm.Uint(0), vm.Uint(0) },
}

// xsysCall runs the guest's system call args[0] with n arguments and
// writes (r1, r2, errno), or (r1, r2) without withErr. A call that can
// wait for another process (flock without LOCK_NB, fcntl's F_SETLKW)
// parks the fiber and waits on the syscall pool (xsysBlocking).
func xsysCall(f *vm.Fiber, args, res []vm.Value, n int, withErr bool) {
	var a [6]vm.Value
	trap := args[0].N
	copy(a[:], args[1:1+n])
	var r1, r2 uintptr
	var e syscall.Errno
	if f.Resuming() {
		r, _ := f.HostState().(*xsysResult)
		f.SetHostState(nil)
		if r == nil {
			r = &xsysResult{e: unix.EINTR}
		}
		e = r.e
	} else if work := xsysBlocking(f.M, trap, a, &e); work != nil {
		f.M.Offload(f, "syscall", func() any { return work() })
		return
	} else if e == 0 {
		r1, r2, e = xsysDispatch(f.M, trap, a)
	}
	res[0], res[1] = vm.Uint(uint64(r1)), vm.Uint(uint64(r2))
	if withErr {
		res[2] = vm.Uint(uint64(e))
	}
}

// xsysResult is what a blocking call's pool job hands back.
type xsysResult struct {
	e syscall.Errno
}

// xsysBlocking returns the pool job of a call that can block, or nil
// (with *e set if the call fails before it starts).
func xsysBlocking(m *vm.Machine, trap uint64, a [6]vm.Value, e *syscall.Errno) func() *xsysResult {
	var lk *unix.Flock_t
	switch {
	case trap == unix.SYS_FLOCK && a[1].N&unix.LOCK_NB == 0 && a[1].N&unix.LOCK_UN == 0:
	case trap == unix.SYS_FCNTL && (a[1].N == unix.F_SETLKW || a[1].N == unix.F_OFD_SETLKW):
		lk = new(unix.Flock_t)
		if *e = fromGuestPtr(a[2], reflect.ValueOf(lk).Elem()); *e != 0 {
			return nil
		}
	default:
		return nil
	}
	file := guestHostFile(m, int(int64(a[0].N)))
	if file == nil {
		*e = unix.EBADF
		return nil
	}
	rc, err := file.SyscallConn()
	if err != nil {
		*e = unix.EBADF
		return nil
	}
	how, cmd := int(a[1].N), int(a[1].N)
	return func() *xsysResult {
		r := &xsysResult{}
		rc.Control(func(fd uintptr) {
			if lk != nil {
				r.e = errnoOfErr(unix.FcntlFlock(fd, cmd, lk))
			} else {
				r.e = errnoOfErr(unix.Flock(int(fd), how))
			}
		})
		return r
	}
}

func xsysDispatch(m *vm.Machine, trap uint64, a [6]vm.Value) (r1, r2 uintptr, e syscall.Errno) {
	switch trap {
	case unix.SYS_GETPID, unix.SYS_GETPPID, unix.SYS_GETUID, unix.SYS_GETEUID, unix.SYS_GETGID,
		unix.SYS_GETEGID, unix.SYS_GETTID, unix.SYS_GETPGRP, unix.SYS_GETPGID, unix.SYS_GETSID,
		unix.SYS_SCHED_YIELD:
		// No pointers and no descriptors.
		return unix.RawSyscall(uintptr(trap), uintptr(a[0].N), uintptr(a[1].N), uintptr(a[2].N))
	case unix.SYS_KILL:
		return 0, 0, guestKill(m, int(int32(a[0].N)), syscall.Signal(a[1].N))
	case unix.SYS_UNAME:
		return hostStruct(a[0], unix.Uname)
	case unix.SYS_SYSINFO:
		return hostStruct(a[0], unix.Sysinfo)
	case unix.SYS_CLOCK_GETTIME:
		return hostStruct(a[1], func(ts *unix.Timespec) error { return unix.ClockGettime(int32(a[0].N), ts) })
	case unix.SYS_PRLIMIT64:
		// prlimit64(pid, resource, new, old): reading this process's
		// limits only; changing them would change every run's.
		if a[0].N != 0 || a[2].R != nil || a[2].N != 0 {
			return 0, 0, unix.EPERM
		}
		return hostStruct(a[3], func(rl *unix.Rlimit) error { return unix.Prlimit(0, int(a[1].N), nil, rl) })
	case unix.SYS_GETRLIMIT:
		return hostStruct(a[1], func(rl *unix.Rlimit) error { return unix.Getrlimit(int(a[0].N), rl) })
	case unix.SYS_SETRLIMIT:
		return 0, 0, unix.EPERM
	case unix.SYS_IOCTL, unix.SYS_FLOCK, unix.SYS_FCNTL, unix.SYS_FSTAT:
		return xsysOnFD(m, trap, a)
	}
	return 0, 0, unix.ENOSYS
}

// hostStruct runs get, which fills a host struct, and stores the struct
// into the guest value dst points at.
func hostStruct[T any](dst vm.Value, get func(*T) error) (r1, r2 uintptr, e syscall.Errno) {
	var v T
	if err := get(&v); err != nil {
		return 0, 0, errnoOfErr(err)
	}
	return 0, 0, toGuestPtr(dst, reflect.ValueOf(&v).Elem())
}

// xsysOnFD runs a system call on the host descriptor behind the guest's
// descriptor a[0].
func xsysOnFD(m *vm.Machine, trap uint64, a [6]vm.Value) (r1, r2 uintptr, e syscall.Errno) {
	fd := int(int64(a[0].N))
	file := guestHostFile(m, fd)
	if file == nil {
		if trap == unix.SYS_IOCTL && fd >= 0 && fd < 3 && !stateOf(m).stdClosed[fd] {
			// The guest's stream is a host writer or reader, not a
			// file: what the kernel says of a pipe.
			return 0, 0, unix.ENOTTY
		}
		return 0, 0, unix.EBADF
	}
	rc, err := file.SyscallConn()
	if err != nil {
		return 0, 0, unix.EBADF
	}
	rc.Control(func(hfd uintptr) {
		fd := int(hfd)
		r1, r2, e = xsysFD(fd, trap, a)
	})
	return
}

func xsysFD(fd int, trap uint64, a [6]vm.Value) (r1, r2 uintptr, e syscall.Errno) {
	switch trap {
	case unix.SYS_FLOCK:
		return 0, 0, errnoOfErr(unix.Flock(fd, int(a[1].N)))
	case unix.SYS_FSTAT:
		return hostStruct(a[1], func(st *unix.Stat_t) error { return unix.Fstat(fd, st) })
	case unix.SYS_FCNTL:
		switch a[1].N {
		case unix.F_GETFD, unix.F_GETFL:
			v, err := unix.FcntlInt(uintptr(fd), int(a[1].N), 0)
			return uintptr(v), 0, errnoOfErr(err)
		case unix.F_GETLK, unix.F_SETLK, unix.F_SETLKW, unix.F_OFD_GETLK, unix.F_OFD_SETLK, unix.F_OFD_SETLKW:
			var lk unix.Flock_t
			if e := fromGuestPtr(a[2], reflect.ValueOf(&lk).Elem()); e != 0 {
				return 0, 0, e
			}
			if err := unix.FcntlFlock(uintptr(fd), int(a[1].N), &lk); err != nil {
				return 0, 0, errnoOfErr(err)
			}
			return 0, 0, toGuestPtr(a[2], reflect.ValueOf(&lk).Elem())
		}
		return 0, 0, unix.EPERM
	case unix.SYS_IOCTL:
		switch a[1].N {
		case unix.TCGETS:
			t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
			if err != nil {
				return 0, 0, errnoOfErr(err)
			}
			return 0, 0, toGuestPtr(a[2], reflect.ValueOf(t).Elem())
		case unix.TCSETS, unix.TCSETSW, unix.TCSETSF:
			var t unix.Termios
			if e := fromGuestPtr(a[2], reflect.ValueOf(&t).Elem()); e != 0 {
				return 0, 0, e
			}
			return 0, 0, errnoOfErr(unix.IoctlSetTermios(fd, uint(a[1].N), &t))
		case unix.TIOCGWINSZ:
			w, err := unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ)
			if err != nil {
				return 0, 0, errnoOfErr(err)
			}
			return 0, 0, toGuestPtr(a[2], reflect.ValueOf(w).Elem())
		case unix.TIOCSWINSZ:
			var w unix.Winsize
			if e := fromGuestPtr(a[2], reflect.ValueOf(&w).Elem()); e != 0 {
				return 0, 0, e
			}
			return 0, 0, errnoOfErr(unix.IoctlSetWinsize(fd, unix.TIOCSWINSZ, &w))
		case unix.TIOCINQ, unix.TIOCOUTQ, unix.TIOCGPGRP:
			v, err := unix.IoctlGetInt(fd, uint(a[1].N))
			if err != nil {
				return 0, 0, errnoOfErr(err)
			}
			p, ok := a[2].R.(*vm.Value)
			if !ok || p == nil || p.R != nil {
				return 0, 0, unix.EFAULT
			}
			p.N = uint64(int64(int32(v)))
			return 0, 0, 0
		}
		return 0, 0, unix.ENOTTY
	}
	return 0, 0, unix.ENOSYS
}

// guestHostFile returns the host file behind the guest's descriptor fd:
// a file of the run's table, or a standard stream the run was given as a
// host file; nil if there is none.
func guestHostFile(m *vm.Machine, fd int) *os.File {
	d := stateOf(m)
	if fd < 0 {
		return nil
	}
	if fd < 3 {
		if d.stdClosed[fd] {
			return nil
		}
		return stdioFile(m, fd)
	}
	hf, err := openFD(m, fd, "", "")
	if err != nil || hf == nil {
		return nil
	}
	file, _ := hf.f.(*os.File) // nil for a file of an fs.FS
	return file
}

func errnoOfErr(err error) syscall.Errno {
	if err == nil {
		return 0
	}
	return syscall.Errno(errnoOf(err))
}

// toGuestPtr stores host struct hv into the guest value the pointer p
// points at; EFAULT if p does not point at a value of hv's shape.
func toGuestPtr(p vm.Value, hv reflect.Value) syscall.Errno {
	g, ok := p.R.(*vm.Value)
	if !ok || g == nil || !toGuest(hv, g) {
		return unix.EFAULT
	}
	return 0
}

// fromGuestPtr loads the guest value p points at into host struct hv.
func fromGuestPtr(p vm.Value, hv reflect.Value) syscall.Errno {
	g, ok := p.R.(*vm.Value)
	if !ok || g == nil || !fromGuest(*g, hv) {
		return unix.EFAULT
	}
	return 0
}

// toGuest stores hv into the guest storage g of the same shape: a struct
// is a []vm.Value of its fields, an array of bytes a []byte, of other
// integers a []uint64, of anything else a []vm.Value; an integer is its
// N (sign-extended when signed). It reports false on a shape mismatch,
// leaving g partly written.
func toGuest(hv reflect.Value, g *vm.Value) bool {
	switch hv.Kind() {
	case reflect.Struct:
		fs, ok := g.R.([]vm.Value)
		if !ok || len(fs) != hv.NumField() {
			return false
		}
		for i := range fs {
			if !toGuest(hv.Field(i), &fs[i]) {
				return false
			}
		}
		return true
	case reflect.Array:
		switch s := g.R.(type) {
		case []byte:
			if len(s) != hv.Len() || hv.Type().Elem().Size() != 1 {
				return false
			}
			for i := range s {
				s[i] = byte(scalarBits(hv.Index(i)))
			}
			return true
		case []uint64:
			if len(s) != hv.Len() {
				return false
			}
			for i := range s {
				s[i] = scalarBits(hv.Index(i))
			}
			return true
		case []vm.Value:
			if len(s) != hv.Len() {
				return false
			}
			for i := range s {
				if !toGuest(hv.Index(i), &s[i]) {
					return false
				}
			}
			return true
		}
		return hv.Len() == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if g.R != nil {
			return false
		}
		g.N = scalarBits(hv)
		return true
	}
	return false
}

// scalarBits returns integer hv as a guest Value's N.
func scalarBits(hv reflect.Value) uint64 {
	if hv.CanInt() {
		return uint64(hv.Int())
	}
	return hv.Uint()
}

// fromGuest loads guest value g into hv (settable) of the same shape.
func fromGuest(g vm.Value, hv reflect.Value) bool {
	switch hv.Kind() {
	case reflect.Struct:
		fs, ok := g.R.([]vm.Value)
		if !ok || len(fs) != hv.NumField() {
			return false
		}
		for i := range fs {
			if !fromGuest(fs[i], hv.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Array:
		switch s := g.R.(type) {
		case []byte:
			if len(s) != hv.Len() {
				return false
			}
			for i := range s {
				setScalar(hv.Index(i), uint64(s[i]))
			}
			return true
		case []uint64:
			if len(s) != hv.Len() {
				return false
			}
			for i := range s {
				setScalar(hv.Index(i), s[i])
			}
			return true
		case []vm.Value:
			if len(s) != hv.Len() {
				return false
			}
			for i := range s {
				if !fromGuest(s[i], hv.Index(i)) {
					return false
				}
			}
			return true
		}
		return hv.Len() == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		setScalar(hv, g.N)
		return true
	}
	return false
}

func setScalar(hv reflect.Value, n uint64) {
	if !hv.CanSet() {
		return // padding (a blank field)
	}
	if hv.CanInt() {
		hv.SetInt(int64(n))
	} else {
		hv.SetUint(n)
	}
}
