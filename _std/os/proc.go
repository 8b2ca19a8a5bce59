package os

import (
	"errors"
	"io"
	"syscall"
	"time"
)

// Processes: StartProcess runs a child process on the host; Wait parks
// only the calling goroutine (the wait runs on the syscall pool). A child
// outlives the run that started it, as a Go program's children outlive
// it.

// ProcAttr holds the attributes that will be applied to a new process
// started by StartProcess.
type ProcAttr struct {
	// Dir is the child's working directory ("": the caller's).
	Dir string
	// Env is the child's environment (nil: the caller's).
	Env []string
	// Files are the child's open files: 0, 1 and 2 are its standard
	// input, output and error; nil leaves one closed.
	Files []*File
	// Sys holds the operating-system-specific attributes spindle
	// applies: Setpgid, Pgid, Setsid and Pdeathsig.
	Sys *syscall.SysProcAttr
}

// Process stores the information about a process created by
// StartProcess.
type Process struct {
	Pid    int
	handle int // the host's process, in the machine's table (0: none)
	done   bool
	state  *ProcessState
	// copiers are closed when the goroutines copying the child's output
	// to a standard stream that is not a host file are done.
	copiers []chan struct{}
}

// ProcessState stores information about a process, as reported by Wait.
type ProcessState struct {
	pid    int
	status syscall.WaitStatus
	rusage *syscall.Rusage
}

func startProcess(name string, argv []string, dir string, env []string, fds []int, setpgid bool, pgid int, setsid bool, pdeathsig int) (pid, handle int, code int, op, path, msg string)
func processWait(handle int) (status uint32, utime, stime int64, maxrss int64, code int, op, path, msg string)
func processSignal(handle, pid, sig int) (code int, op, path, msg string)
func processRelease(handle int)
func stdioIsFile(fd int) bool

// StartProcess starts a new process with the program, arguments and
// attributes specified by name, argv and attr. The argv slice will become
// os.Args in the new process, so it normally starts with the program name.
func StartProcess(name string, argv []string, attr *ProcAttr) (*Process, error) {
	if attr == nil {
		attr = &ProcAttr{}
	}
	fds := make([]int, len(attr.Files))
	var copiers []chan struct{}
	var childEnds []*File
	for i, f := range attr.Files {
		fds[i] = -1
		if f == nil {
			continue
		}
		fds[i] = f.fd
		if f.fd > 2 || stdioIsFile(f.fd) {
			continue
		}
		// The run's standard stream is not a host file (an embedding
		// program's writer or reader): the child gets a pipe, copied
		// here. (A copy of the run's stdin reads it to its end.)
		pr, pw, err := Pipe()
		if err != nil {
			return nil, err
		}
		if f.fd == 0 {
			fds[i] = pr.fd
			childEnds = append(childEnds, pr)
			go func() {
				io.Copy(pw, f)
				pw.Close()
			}()
			continue
		}
		fds[i] = pw.fd
		childEnds = append(childEnds, pw)
		done := make(chan struct{})
		copiers = append(copiers, done)
		go func() {
			io.Copy(f, pr)
			pr.Close()
			close(done)
		}()
	}
	defer func() {
		for _, f := range childEnds {
			f.Close()
		}
	}()
	env := attr.Env
	if env == nil {
		env = Environ()
	}
	var setpgid, setsid bool
	var pgid, pdeathsig int
	if s := attr.Sys; s != nil {
		setpgid, pgid, setsid, pdeathsig = s.Setpgid, s.Pgid, s.Setsid, int(s.Pdeathsig)
	}
	pid, h, code, op, path, msg := startProcess(name, argv, attr.Dir, env, fds, setpgid, pgid, setsid, pdeathsig)
	if code != eNone {
		return nil, mkerr(code, op, path, msg)
	}
	return &Process{Pid: pid, handle: h, copiers: copiers}, nil
}

// FindProcess looks for a running process by its pid. On Unix systems it
// always succeeds and returns a Process for the given pid, regardless of
// whether the process exists. spindle's holds the pid alone: Signal and
// Kill reach the process by it, and Wait reports ECHILD (a process the
// run did not start is not its child).
func FindProcess(pid int) (*Process, error) {
	return &Process{Pid: pid}, nil
}

// Wait waits for the Process to exit, and then returns a ProcessState
// describing its status and an error, if any.
func (p *Process) Wait() (*ProcessState, error) {
	if p.Pid == -1 {
		return nil, syscall.EINVAL
	}
	if p.handle == 0 {
		return nil, NewSyscallError("waitid", syscall.ECHILD)
	}
	if p.done {
		return nil, NewSyscallError("wait", syscall.ECHILD)
	}
	status, utime, stime, maxrss, code, op, path, msg := processWait(p.handle)
	if code != eNone {
		return nil, NewSyscallError("wait", mkerr(code, op, path, msg))
	}
	p.done = true
	for _, c := range p.copiers {
		<-c
	}
	ru := &syscall.Rusage{Maxrss: maxrss}
	ru.Utime = syscall.NsecToTimeval(utime)
	ru.Stime = syscall.NsecToTimeval(stime)
	p.state = &ProcessState{pid: p.Pid, status: syscall.WaitStatus(status), rusage: ru}
	return p.state, nil
}

// Signal sends a signal to the Process. Sending Interrupt on Windows is
// not implemented.
func (p *Process) Signal(sig Signal) error {
	if p == nil {
		return errors.New("os: process not initialized")
	}
	if p.Pid == -1 {
		return errors.New("os: process already released")
	}
	if p.Pid == 0 {
		return errors.New("os: process not initialized")
	}
	if p.done {
		return ErrProcessDone
	}
	s, ok := sig.(syscall.Signal)
	if !ok {
		return errors.New("os: unsupported signal type")
	}
	code, op, path, msg := processSignal(p.handle, p.Pid, int(s))
	if code != eNone {
		if msg == "os: process already finished" {
			return ErrProcessDone
		}
		return mkerr(code, op, path, msg)
	}
	return nil
}

// Kill causes the Process to exit immediately. Kill does not wait until
// the Process has actually exited. This only kills the Process itself,
// not any other processes it may have started.
func (p *Process) Kill() error {
	return p.Signal(Kill)
}

// Release releases any resources associated with the Process p, rendering
// it unusable in the future.
func (p *Process) Release() error {
	if p == nil {
		return syscall.EINVAL
	}
	processRelease(p.handle)
	p.handle = 0
	p.Pid = -1
	return nil
}

// Pid returns the process id of the exited process.
func (p *ProcessState) Pid() int { return p.pid }

// Exited reports whether the program has exited. On Unix systems this
// reports true if the program exited due to calling exit, but false if the
// program terminated due to a signal.
func (p *ProcessState) Exited() bool { return p.status.Exited() }

// Success reports whether the program exited successfully, such as with
// exit status 0 on Unix.
func (p *ProcessState) Success() bool { return p.status.ExitStatus() == 0 }

// Sys returns system-dependent exit information about the process: a
// syscall.WaitStatus.
func (p *ProcessState) Sys() any { return p.status }

// SysUsage returns system-dependent resource usage information about the
// exited process: a *syscall.Rusage.
func (p *ProcessState) SysUsage() any { return p.rusage }

// UserTime returns the user CPU time of the exited process and its
// children.
func (p *ProcessState) UserTime() time.Duration {
	return time.Duration(p.rusage.Utime.Nano()) * time.Nanosecond
}

// SystemTime returns the system CPU time of the exited process and its
// children.
func (p *ProcessState) SystemTime() time.Duration {
	return time.Duration(p.rusage.Stime.Nano()) * time.Nanosecond
}

// ExitCode returns the exit code of the exited process, or -1 if the
// process hasn't exited or was terminated by a signal.
func (p *ProcessState) ExitCode() int {
	if p == nil {
		return -1
	}
	return p.status.ExitStatus()
}

func (p *ProcessState) String() string {
	if p == nil {
		return "<nil>"
	}
	status := p.status
	res := ""
	switch {
	case status.Exited():
		code := status.ExitStatus()
		res = "exit status " + itoa(code)
	case status.Signaled():
		res = "signal: " + status.Signal().String()
	case status.Stopped():
		res = "stop signal: " + status.StopSignal().String()
		if status.StopSignal() == syscall.SIGTRAP && status.TrapCause() != 0 {
			res += " (trap " + itoa(status.TrapCause()) + ")"
		}
	case status.Continued():
		res = "continued"
	}
	if status.CoreDump() {
		res += " (core dumped)"
	}
	return res
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func pipe() (r, w int, code int, op, path, msg string)

// Pipe returns a connected pair of Files; reads from r return bytes
// written to w. A read parks only the calling goroutine.
func Pipe() (r *File, w *File, err error) {
	rfd, wfd, code, op, path, msg := pipe()
	if code != eNone {
		return nil, nil, NewSyscallError("pipe2", mkerr(code, op, path, msg))
	}
	return &File{fd: rfd, name: "|0"}, &File{fd: wfd, name: "|1"}, nil
}
