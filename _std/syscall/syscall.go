// Package syscall is spindle's guest syscall package: Signal and the Linux
// signal numbers, the process's ids and page size, Kill, Environ, the
// process structures os and os/exec use (exec.go), and Errno with the
// common Linux error numbers (texts from the host). Missing: the raw
// system calls (the host's business) and most of their structures.
package syscall

import "strconv"

// A Signal is a number describing a process signal.
type Signal int

// Linux signal numbers.
const (
	SIGHUP    Signal = 0x1
	SIGINT    Signal = 0x2
	SIGQUIT   Signal = 0x3
	SIGILL    Signal = 0x4
	SIGTRAP   Signal = 0x5
	SIGABRT   Signal = 0x6
	SIGBUS    Signal = 0x7
	SIGFPE    Signal = 0x8
	SIGKILL   Signal = 0x9
	SIGUSR1   Signal = 0xa
	SIGSEGV   Signal = 0xb
	SIGUSR2   Signal = 0xc
	SIGPIPE   Signal = 0xd
	SIGALRM   Signal = 0xe
	SIGTERM   Signal = 0xf
	SIGSTKFLT Signal = 0x10
	SIGCHLD   Signal = 0x11
	SIGCONT   Signal = 0x12
	SIGSTOP   Signal = 0x13
	SIGTSTP   Signal = 0x14
	SIGTTIN   Signal = 0x15
	SIGTTOU   Signal = 0x16
	SIGURG    Signal = 0x17
	SIGXCPU   Signal = 0x18
	SIGXFSZ   Signal = 0x19
	SIGVTALRM Signal = 0x1a
	SIGPROF   Signal = 0x1b
	SIGWINCH  Signal = 0x1c
	SIGIO     Signal = 0x1d
	SIGPWR    Signal = 0x1e
	SIGSYS    Signal = 0x1f
)

var signalNames = [...]string{
	1: "hangup", 2: "interrupt", 3: "quit", 4: "illegal instruction", 5: "trace/breakpoint trap",
	6: "aborted", 7: "bus error", 8: "floating point exception", 9: "killed",
	10: "user defined signal 1", 11: "segmentation fault", 12: "user defined signal 2",
	13: "broken pipe", 14: "alarm clock", 15: "terminated", 16: "stack fault",
	17: "child exited", 18: "continued", 19: "stopped (signal)", 20: "stopped",
	21: "stopped (tty input)", 22: "stopped (tty output)", 23: "urgent I/O condition",
	24: "CPU time limit exceeded", 25: "file size limit exceeded", 26: "virtual timer expired",
	27: "profiling timer expired", 28: "window changed", 29: "I/O possible",
	30: "power failure", 31: "bad system call",
}

// Signal makes Signal an os.Signal.
func (s Signal) Signal() {}

func (s Signal) String() string {
	if 0 <= s && int(s) < len(signalNames) && signalNames[s] != "" {
		return signalNames[s]
	}
	return "signal " + strconv.Itoa(int(s))
}

// Getpid returns the process id of the host process.
func Getpid() (pid int)

// Getppid returns the parent process id of the host process.
func Getppid() (ppid int)

// Getuid, Geteuid, Getgid and Getegid return the host process's user and
// group ids.
func Getuid() (uid int)
func Geteuid() (euid int)
func Getgid() (gid int)
func Getegid() (egid int)

// Getpagesize returns the system's memory page size.
func Getpagesize() int
