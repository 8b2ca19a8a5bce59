package syscall

// Process state, as Linux reports it, and the attributes of a new
// process (os.StartProcess, os/exec). spindle applies Setpgid, Pgid,
// Setsid and Pdeathsig; the other SysProcAttr fields exist for programs
// that set them and are not applied.

// WaitStatus is a process's status as wait4(2) reports it.
type WaitStatus uint32

const (
	mask    = 0x7F
	core    = 0x80
	exited  = 0x00
	stopped = 0x7F
	shift   = 8
)

func (w WaitStatus) Exited() bool    { return w&mask == exited }
func (w WaitStatus) Signaled() bool  { return w&mask != stopped && w&mask != exited }
func (w WaitStatus) Stopped() bool   { return w&0xFF == stopped }
func (w WaitStatus) Continued() bool { return w == 0xFFFF }
func (w WaitStatus) CoreDump() bool  { return w.Signaled() && w&core != 0 }

func (w WaitStatus) ExitStatus() int {
	if !w.Exited() {
		return -1
	}
	return int(w>>shift) & 0xFF
}

func (w WaitStatus) Signal() Signal {
	if !w.Signaled() {
		return -1
	}
	return Signal(w & mask)
}

func (w WaitStatus) StopSignal() Signal {
	if !w.Stopped() {
		return -1
	}
	return Signal(w>>shift) & 0xFF
}

func (w WaitStatus) TrapCause() int {
	if w.StopSignal() != SIGTRAP {
		return -1
	}
	return int(w>>shift) >> 8
}

// Timeval is a time in seconds and microseconds.
type Timeval struct {
	Sec  int64
	Usec int64
}

// Nano returns the time as nanoseconds.
func (tv *Timeval) Nano() int64 { return tv.Sec*1e9 + tv.Usec*1000 }

// Unix returns the time as seconds and nanoseconds.
func (tv *Timeval) Unix() (sec int64, nsec int64) { return tv.Sec, tv.Usec * 1000 }

// NsecToTimeval converts nanoseconds to a Timeval (rounded down to the
// microsecond).
func NsecToTimeval(nsec int64) Timeval {
	nsec += 999 // round up to microsecond
	usec := nsec % 1e9 / 1e3
	sec := nsec / 1e9
	if usec < 0 {
		usec += 1e6
		sec--
	}
	return Timeval{Sec: sec, Usec: usec}
}

// Rusage is the resource usage of a process, as getrusage(2) reports it
// (spindle fills Utime, Stime and Maxrss).
type Rusage struct {
	Utime    Timeval
	Stime    Timeval
	Maxrss   int64
	Ixrss    int64
	Idrss    int64
	Isrss    int64
	Minflt   int64
	Majflt   int64
	Nswap    int64
	Inblock  int64
	Oublock  int64
	Msgsnd   int64
	Msgrcv   int64
	Nsignals int64
	Nvcsw    int64
	Nivcsw   int64
}

// Credential holds user and group identities to be assumed by a child
// process started by StartProcess.
type Credential struct {
	Uid         uint32
	Gid         uint32
	Groups      []uint32
	NoSetGroups bool
}

// SysProcIDMap holds container ID to host ID mappings used for User
// Namespaces in Linux.
type SysProcIDMap struct {
	ContainerID int
	HostID      int
	Size        int
}

// SysProcAttr holds the Linux attributes of a new process.
type SysProcAttr struct {
	Chroot                     string
	Credential                 *Credential
	Ptrace                     bool
	Setsid                     bool
	Setpgid                    bool
	Setctty                    bool
	Noctty                     bool
	Ctty                       int
	Foreground                 bool
	Pgid                       int
	Pdeathsig                  Signal
	Cloneflags                 uintptr
	Unshareflags               uintptr
	UidMappings                []SysProcIDMap
	GidMappings                []SysProcIDMap
	GidMappingsEnableSetgroups bool
	AmbientCaps                []uintptr
	UseCgroupFD                bool
	CgroupFD                   int
	PidFD                      *int
}

// Environ returns a copy of the run's environment (os.Environ's).
func Environ() []string

// Kill sends signal sig to the process pid.
func Kill(pid int, sig Signal) (err error) {
	if e := kill(pid, int(sig)); e != 0 {
		return Errno(e)
	}
	return nil
}

func kill(pid, sig int) uintptr

// Getenv, Setenv, Unsetenv and Clearenv work on the run's environment
// (os's: private to the run).
func Getenv(key string) (value string, found bool)

func setenv(key, value string) bool

// Setenv sets the run's environment variable key.
func Setenv(key, value string) error {
	if len(key) == 0 {
		return EINVAL
	}
	for i := 0; i < len(key); i++ {
		if key[i] == '=' || key[i] == 0 {
			return EINVAL
		}
	}
	for i := 0; i < len(value); i++ {
		if value[i] == 0 {
			return EINVAL
		}
	}
	setenv(key, value)
	return nil
}

// Unsetenv removes the run's environment variable key.
func Unsetenv(key string) error

// Clearenv removes every variable of the run's environment.
func Clearenv()

// Rlimit is a resource limit (getrlimit(2)).
type Rlimit struct {
	Cur uint64
	Max uint64
}

func getrlimit(resource int) (cur, max uint64, errno uintptr)

// Getrlimit reads the host process's limit of resource.
func Getrlimit(resource int, rlim *Rlimit) error {
	cur, max, e := getrlimit(resource)
	if e != 0 {
		return Errno(e)
	}
	rlim.Cur, rlim.Max = cur, max
	return nil
}

// Setrlimit fails with EPERM: a run's limits are its host process's,
// shared by every run in it.
func Setrlimit(resource int, rlim *Rlimit) error { return EPERM }

// Setuid and the other credential calls fail with EPERM: they would
// change the host process's identity, shared by every run in it.
func Setuid(uid int) (err error)                 { return EPERM }
func Setgid(gid int) (err error)                 { return EPERM }
func Setreuid(ruid, euid int) (err error)        { return EPERM }
func Setregid(rgid, egid int) (err error)        { return EPERM }
func Setresuid(ruid, euid, suid int) (err error) { return EPERM }
func Setresgid(rgid, egid, sgid int) (err error) { return EPERM }

func exec(argv0 string, argv []string, envv []string) (errno uintptr)

// Exec invokes the execve(2) system call: the program replaces the
// process running it. Under the spindle command it does (the output
// written so far is flushed first); in a program embedding spindle it
// fails with ENOSYS, since it would end every run in the host
// (RunOptions.Exec).
func Exec(argv0 string, argv []string, envv []string) (err error) {
	if e := exec(argv0, argv, envv); e != 0 {
		return Errno(e)
	}
	return nil
}

// Timespec is a time in seconds and nanoseconds.
type Timespec struct {
	Sec  int64
	Nsec int64
}

// Unix returns the time as seconds and nanoseconds.
func (ts *Timespec) Unix() (sec int64, nsec int64) { return ts.Sec, ts.Nsec }

// Nano returns the time as nanoseconds.
func (ts *Timespec) Nano() int64 { return ts.Sec*1e9 + ts.Nsec }

// Stat_t is a file's status as stat(2) reports it on linux/amd64. (os's
// FileInfo.Sys is nil under spindle: code that type-asserts it to
// *Stat_t takes its fallback, as on a system without one.)
type Stat_t struct {
	Dev       uint64
	Ino       uint64
	Nlink     uint64
	Mode      uint32
	Uid       uint32
	Gid       uint32
	X__pad0   int32
	Rdev      uint64
	Size      int64
	Blksize   int64
	Blocks    int64
	Atim      Timespec
	Mtim      Timespec
	Ctim      Timespec
	X__unused [3]int64
}
