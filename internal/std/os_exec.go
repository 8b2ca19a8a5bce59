package std

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"spindle/internal/vm"
)

// Host side of the guest's processes (_std/os/proc.go), pipes and the
// system calls os/exec needs. A process is started and waited for on the
// syscall pool, so a child that runs for an hour parks only the fiber in
// Wait. The child's files are the host files behind the guest's handles;
// a standard stream the guest passes on is the host's own file when the
// run's stream is one (the CLI's), else the guest copies through a pipe
// (proc.go). Processes outlive the run, as a Go program's children
// outlive it; the run's handles on them are released when it ends.

var execFuncs = hostTable{
	"os.startProcess":   pooled(osStartProcess, finishStartProcess),
	"os.processWait":    pooledWait(osProcessWait, finishProcessWait),
	"os.processSignal":  osProcessSignal,
	"os.processRelease": osProcessRelease,
	"os.pipe":           osPipe,
	"os.stdioIsFile":    osStdioIsFile,
	"syscall.Environ":   osEnviron,
	"syscall.exec":      syscallExec,
	"syscall.Getenv":    osLookupEnv,
	"syscall.setenv":    osSetenv,
	"syscall.Unsetenv":  osUnsetenv,
	"syscall.Clearenv":  osClearenv,
	"syscall.getrlimit": func(f *vm.Fiber, args, res []vm.Value) {
		var rl syscall.Rlimit
		err := syscall.Getrlimit(int(args[0].Int()), &rl)
		res[0], res[1], res[2] = vm.Uint(rl.Cur), vm.Uint(rl.Max), vm.Uint(uint64(errnoOf(err)))
	},
	"syscall.kill": func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Uint(uint64(guestKill(f.M, int(args[0].Int()), syscall.Signal(args[1].Int()))))
	},
	"internal/syscall/unix.eaccess": unixEaccess,
}

// unixEaccess is os/exec's access check (LookPath): faccessat(2) with
// AT_EACCESS, in the run's file system. Without the Exec grant nothing
// is executable: LookPath fails as for a file without the x bit.
func unixEaccess(f *vm.Fiber, args, res []vm.Value) {
	const atEaccess, xOK = 0x200, 1
	full, mode := runPath(f.M, args[0].String()), uint32(args[1].N)
	var err error
	switch c := capsOf(f.M); {
	case mode&xOK != 0 && !c.exec:
		err = syscall.EACCES
	case c.mode == fsVirtual:
		err = syscall.EACCES
	case c.mode == fsRoot:
		err = c.root.access(full, mode)
	default:
		err = syscall.Faccessat(-100 /* AT_FDCWD */, full, mode, atEaccess)
	}
	res[0] = vm.Uint(uint64(errnoOf(err)))
}

// syscallExec replaces the host process with argv0 when the run may
// (Config.Exec: the spindle command's), after flushing the run's output.
func syscallExec(f *vm.Fiber, args, res []vm.Value) {
	argv0, argv, envv := args[0].String(), GoStrings(args[1]), GoStrings(args[2])
	if !f.M.Config.Exec {
		res[0] = vm.Uint(uint64(syscall.ENOSYS))
		return
	}
	if err := capsOf(f.M).mayExec(absPath(f.M, argv0), absPath(f.M, ".")); err != nil {
		res[0] = vm.Uint(uint64(errnoOf(err)))
		return
	}
	f.M.Out.Flush()
	if d := f.M.Dir(); d != "" {
		// The new program starts in the run's working directory.
		if err := os.Chdir(d); err != nil {
			res[0] = vm.Uint(uint64(errnoOf(err)))
			return
		}
	}
	err := syscall.Exec(runPath(f.M, argv0), argv, envv)
	res[0] = vm.Uint(uint64(errnoOf(err)))
}

// absPath is the host's absolute path of the run's path p.
func absPath(m *vm.Machine, p string) string {
	if p == "" {
		p = "."
	}
	p = runPath(m, p)
	if !filepath.IsAbs(p) {
		if wd, err := os.Getwd(); err == nil {
			p = wd + "/" + p
		}
	}
	return p
}

// stdioFile returns the host file behind the run's standard stream fd,
// nil if the stream is not a file.
func stdioFile(m *vm.Machine, fd int) *os.File {
	var s any
	switch fd {
	case 0:
		s = m.Config.Stdin
	case 1:
		s = m.Config.Stdout
	case 2:
		s = m.Config.Stderr
	}
	if u, ok := s.(interface{ Unwrap() io.Writer }); ok {
		s = u.Unwrap()
	}
	f, _ := s.(*os.File)
	return f
}

// osStdioIsFile reports whether the run's standard stream fd is a host
// file a child can be given.
func osStdioIsFile(f *vm.Fiber, args, res []vm.Value) {
	fd := int(args[0].Int())
	res[0] = vm.Bool(!stateOf(f.M).stdClosed[fd] && stdioFile(f.M, fd) != nil)
}

func osStartProcess(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	name, argv, dir, env := args[0].String(), GoStrings(args[1]), args[2].String(), GoStrings(args[3])
	// The child starts in the run's working directory (or Dir from it).
	guestDir := dir
	if dir == "" {
		dir = f.M.Dir()
	} else {
		dir = runPath(f.M, dir)
	}
	// The program is found from the child's directory, as execve in it
	// would.
	prog := name
	if !filepath.IsAbs(prog) && dir != "" {
		prog = dir + "/" + prog
	}
	if err := capsOf(f.M).mayExec(absPath(f.M, prog), absPath(f.M, dir)); err != nil {
		res[0], res[1] = vm.Int(0), vm.Int(0)
		setErr(res, 2, &os.PathError{Op: "fork/exec", Path: name, Err: err})
		return nil
	}
	fds := args[4].Words()
	var sys *syscall.SysProcAttr
	if args[5].Bool() || args[7].Bool() || args[8].Int() != 0 {
		// Only when asked for: a nil one lets the host check Dir first
		// (Go's "chdir" error).
		sys = &syscall.SysProcAttr{Setpgid: args[5].Bool(), Pgid: int(args[6].Int()), Setsid: args[7].Bool(), Pdeathsig: syscall.Signal(args[8].Int())}
	}
	files := make([]*os.File, len(fds))
	for i, w := range fds {
		fd := int(int64(w))
		if fd < 0 {
			continue
		}
		if fd < 3 {
			// The output so far comes before the child's.
			f.M.Out.Flush()
			files[i] = stdioFile(f.M, fd)
			continue
		}
		hf, err := openFD(f.M, fd, "", "fork/exec")
		var file *os.File
		if err == nil && hf != nil {
			file, _ = hf.f.(*os.File) // not a file of an fs.FS
		}
		if file == nil {
			res[0], res[1] = vm.Int(0), vm.Int(0)
			setErr(res, 2, &os.PathError{Op: "fork/exec", Path: name, Err: syscall.EBADF})
			return nil
		}
		files[i] = file
	}
	return func() *poolRes {
		p, err := os.StartProcess(name, argv, &os.ProcAttr{Dir: dir, Env: env, Files: files, Sys: sys})
		return &poolRes{proc: p, err: guestPath(err, dir, guestDir)}
	}
}

func finishStartProcess(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	if r.err != nil {
		res[0], res[1] = vm.Int(0), vm.Int(0)
		setErr(res, 2, r.err)
		return
	}
	res[0], res[1] = vm.Int(int64(r.proc.Pid)), vm.Int(int64(stateOf(f.M).addProc(r.proc)))
	setErr(res, 2, nil)
}

// hasChildren reports whether the run has started child processes it
// has not waited for.
func (d *machineState) hasChildren() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.procs) > 0
}

// guestKill is kill(2) as a run may use it. A run that owns its process
// (Config.Exec: the spindle command's) signals anything the process may.
// An embedded one signals only the children it started on this shard
// (and did not wait for yet), their own process groups, and itself: a
// signal to its own pid is the run's, delivered as Running.Signal would
// deliver it; unhandled, SIGQUIT and SIGABRT dump the goroutines and end
// the run with status 2, a signal Go ignores does nothing, and any other
// ends the run with exit status 128+sig. Anything else (another
// process, the caller's process group, -1) is EPERM: a guest must not
// signal its host or the host's neighbours.
func guestKill(m *vm.Machine, pid int, sig syscall.Signal) syscall.Errno {
	if m.Config.Exec {
		return syscall.Errno(errnoOf(syscall.Kill(pid, sig)))
	}
	if pid != os.Getpid() && pid != 0 && pid != -1 {
		// A child the run started, or (negative) the process group of
		// one started with Setpgid: the group's id is the child's pid.
		want := pid
		if want < 0 {
			want = -want
		}
		d := stateOf(m)
		d.mu.Lock()
		var child *os.Process
		for _, p := range d.procs {
			if p.Pid == want {
				child = p
			}
		}
		d.mu.Unlock()
		switch {
		case child == nil:
			return syscall.EPERM
		case pid < 0:
			if pg, err := syscall.Getpgid(want); err != nil || pg != want {
				return syscall.EPERM
			}
			return syscall.Errno(errnoOf(syscall.Kill(pid, sig)))
		}
		// Through the process handle (a pidfd): never a recycled pid.
		if err := child.Signal(sig); err != nil {
			if errors.Is(err, os.ErrProcessDone) {
				return syscall.ESRCH
			}
			return syscall.Errno(errnoOf(err))
		}
		return 0
	}
	if pid != os.Getpid() {
		return syscall.EPERM
	}
	if sig == 0 || DeliverSignal(m, int(sig)) {
		return 0
	}
	switch sig {
	case syscall.SIGCHLD, syscall.SIGURG, syscall.SIGWINCH, syscall.SIGCONT, syscall.SIGPIPE, syscall.SIGPROF,
		syscall.SIGSTOP, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU:
		return 0 // ignored by a Go program, or a stop a run does not do
	case syscall.SIGQUIT, syscall.SIGABRT:
		// Go dumps every goroutine and exits with status 2.
		fmt.Fprintf(m.Stderr(), "%s: %s\n\n%s", sigName(sig), sig, m.Dump())
		panic(vm.Exit(2))
	}
	if sig < 1 || sig > 64 {
		return syscall.EINVAL
	}
	panic(vm.Exit(128 + int(sig)))
}

// sigName is Go's name of a signal in a crash report (SIGQUIT).
func sigName(sig syscall.Signal) string {
	if sig == syscall.SIGABRT {
		return "SIGABRT"
	}
	return "SIGQUIT"
}

// addProc enters p in the run's process table and returns its handle.
func (d *machineState) addProc(p *os.Process) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.procs == nil {
		d.procs = map[int]*os.Process{}
	}
	d.nextProc++
	d.procs[d.nextProc] = p
	return d.nextProc
}

func (d *machineState) proc(h int) *os.Process {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.procs[h]
}

// releaseProcs lets go of the run's children it did not wait for (the
// run has ended; they go on): each is reaped by a host goroutine when it
// exits, so none is left a zombie of the embedding process.
func (d *machineState) releaseProcs() {
	d.mu.Lock()
	procs := d.procs
	d.procs = nil
	d.mu.Unlock()
	for _, p := range procs {
		go p.Wait()
	}
}

func osProcessWait(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	p := stateOf(f.M).proc(int(args[0].Int()))
	if p == nil {
		res[0], res[1], res[2], res[3] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}
		setErr(res, 4, syscall.ECHILD)
		return nil
	}
	return func() *poolRes {
		ps, err := p.Wait()
		return &poolRes{pstate: ps, err: err}
	}
}

func finishProcessWait(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	if r.err == nil {
		// Waited for: the run's handle on it goes.
		d := stateOf(f.M)
		d.mu.Lock()
		delete(d.procs, int(args[0].Int()))
		d.mu.Unlock()
	}
	res[0], res[1], res[2], res[3] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}
	if r.err != nil {
		setErr(res, 4, r.err)
		return
	}
	ws, _ := r.pstate.Sys().(syscall.WaitStatus)
	res[0] = vm.Uint(uint64(ws))
	if ru, ok := r.pstate.SysUsage().(*syscall.Rusage); ok {
		res[1], res[2], res[3] = vm.Int(ru.Utime.Nano()), vm.Int(ru.Stime.Nano()), vm.Int(ru.Maxrss)
	}
	setErr(res, 4, nil)
}

func osProcessSignal(f *vm.Fiber, args, res []vm.Value) {
	h, pid, sig := int(args[0].Int()), int(args[1].Int()), syscall.Signal(args[2].Int())
	var err error
	if p := stateOf(f.M).proc(h); p != nil {
		err = p.Signal(sig)
	} else if e := guestKill(f.M, pid, sig); e != 0 {
		err = e
	}
	if errors.Is(err, os.ErrProcessDone) {
		res[0], res[1], res[2], res[3] = vm.Int(eOther), vm.Str(""), vm.Str(""), vm.Str(os.ErrProcessDone.Error())
		return
	}
	setErr(res, 0, err)
}

func osProcessRelease(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	h := int(args[0].Int())
	d.mu.Lock()
	p := d.procs[h]
	delete(d.procs, h)
	d.mu.Unlock()
	if p != nil {
		p.Release()
	}
}

func osPipe(f *vm.Fiber, args, res []vm.Value) {
	c := capsOf(f.M)
	if !c.takeFile(2) {
		res[0], res[1] = vm.Int(0), vm.Int(0)
		setErr(res, 2, errQuota) // the guest's os.Pipe makes it pipe2's
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		c.dropFile()
		c.dropFile()
		res[0], res[1] = vm.Int(0), vm.Int(0)
		setErr(res, 2, err)
		return
	}
	d := stateOf(f.M)
	res[0], res[1] = vm.Int(int64(d.add(r, "|0"))), vm.Int(int64(d.add(w, "|1")))
	setErr(res, 2, nil)
}
