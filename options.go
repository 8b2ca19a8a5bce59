package spindle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"spindle/internal/cache"
	"spindle/internal/poll"
	"spindle/internal/std"
	"spindle/internal/vm"
)

// Defaults of RunOptions' fields, used when a field is zero.
const (
	DefaultReductions = vm.DefaultReductions // RunOptions.Reductions
	DefaultMaxStack   = vm.DefaultMaxStack   // RunOptions.MaxStack, in bytes
	DefaultMaxFiles   = vm.DefaultMaxFiles   // RunOptions.MaxFiles
)

// Grants is what a run may reach of its host (RunOptions.Grants). The
// zero value grants nothing: no file system, network or child process,
// while the standard streams, RunOptions.Env and the run's own signals
// still work. A call a grant does not cover fails as Go reports the
// kernel's EACCES ("open /etc/passwd: permission denied", errors.Is
// fs.ErrPermission; "dial tcp 10.0.0.1:80: connect: permission denied").
type Grants struct {
	// Root confines the file system to a host directory. The guest names
	// host paths, and any path (absolute, relative, through ".." or a
	// symlink) that resolves outside Root fails with EACCES; symlinks are
	// resolved by spindle, one component at a time, so that nothing the
	// guest does to the tree meanwhile leads out. "/" grants the whole
	// file system, except, when RunOptions.Exec is off, the host
	// process's own /proc entries (/proc/self, /proc/thread-self, the
	// host's pid and its threads' ids, and so /dev/stdout and /dev/fd),
	// which hold its environment, descriptors and memory. "" grants no
	// host file system: FS, if set, else none at all (every path call
	// fails with EACCES). With RunOptions.Dir "", a run confined to a
	// Root other than "/" starts in Root.
	Root string
	// ReadOnly, with Root, denies every call that would change the file
	// system (an open for writing, create, mkdir, remove, rename, chmod,
	// truncate, a Unix socket's bind or connect) with EACCES.
	ReadOnly bool
	// FS, when Root is "", is the guest's file system, read-only and
	// seen at "/": os.Open("/a/b") and, from the working directory "/"
	// where the run starts, os.Open("a/b") open fsys's "a/b"; Stat,
	// ReadDir, ReadFile, Readlink, Chdir and reading, seeking and
	// listing an open file work, and its errors read as the kernel's
	// (fs.ErrNotExist is "no such file or directory"). It must be safe
	// for concurrent use: the run calls it from the syscall pool.
	FS fs.FS
	// Dial and Listen are the network addresses the run may connect to
	// (net.Dial, a UDP send) and bind (net.Listen, ListenPacket,
	// fiber.ListenShared): "host:port", where host is an IP address,
	// "localhost" (the loopback addresses), a name or "*", and port a
	// number or "*"; "*" alone allows every address. They are checked
	// against the address dialled after name resolution: a name listed
	// allows the addresses the run's lookups of it returned. A listen on
	// the unspecified address (":8080") needs host "*", "0.0.0.0" or
	// "::". A run with neither grant sends no DNS query either. Two
	// fibers of one run talking over loopback need both. Unix sockets
	// in the file system are files and follow the file system grant;
	// abstract ones ("@name") must be listed, or the list be "*".
	Dial, Listen []string
	// Exec allows child processes (os/exec, os.StartProcess, and with
	// RunOptions.Exec syscall.Exec); with Root, the program and its
	// directory must be in it. A child is a host process: nothing
	// confines it. Without Exec, starting one fails with EACCES
	// ("fork/exec /bin/ls: permission denied").
	Exec bool
}

// GrantAll grants everything, as the spindle command does.
var GrantAll = Grants{Root: "/", Dial: []string{"*"}, Listen: []string{"*"}, Exec: true}

// DefaultMemoryLimit is RunOptions.MemoryLimit's default, in bytes:
// seven eighths of the memory the process may use (its cgroup's limit,
// else the machine's); 0 if neither is known.
func DefaultMemoryLimit() int64 { return vm.DefaultMemoryLimit() }

// CompileOptions configure a compilation (Compile, CompileSource). The zero
// value compiles a program with the guest standard library only.
type CompileOptions struct {
	// Host binds guest functions declared without a body to Go functions
	// of the embedding program (see HostFunc).
	Host []HostFunc
	// NoStdCache compiles without the process-wide cache of type-checked
	// standard packages, so their syntax and type information (hundreds
	// of megabytes for net/http's) is garbage once Compile returns: for a
	// process that compiles once, as the spindle command does. Later
	// compiles parse and check the std again.
	NoStdCache bool
	// MemPoints compiles the program's own packages (not the standard
	// library) with a synchronisation point after every load and store
	// through a pointer or of a package-level variable, and every map
	// access, where an exploring RunOptions.Sched may preempt: races on
	// plain memory become reachable for the dfs search and preempted at
	// by the random walk and PCT (spindle test -explore-mem). Each point
	// costs a dispatch, and does nothing under the default scheduler.
	MemPoints bool
	// MaxSourceBytes bounds the Go source a compile reads for the
	// program's own packages (its files, its module's packages and
	// third-party ones; not the standard library): the file that passes
	// it is named in a CompileError, before it is read. 0 is
	// DefaultMaxSourceBytes (64 MiB); negative, no limit.
	MaxSourceBytes int64
	// Cache is the directory of the compile cache ("": none): a program
	// compiled before, from the same sources by the same spindle, is read
	// back from it instead of type-checked and compiled again. The
	// spindle command uses CacheDir's. Safe for concurrent compiles and
	// processes sharing one directory.
	Cache string
}

// CacheDir returns the compile cache directory the spindle command uses:
// $SPINDLE_CACHE, or spindle/ in the user's cache directory
// (os.UserCacheDir); "" when SPINDLE_CACHE is off or there is no user
// cache directory. The error says SPINDLE_CACHE is not an absolute path.
func CacheDir() (string, error) { return cache.Dir() }

// CleanCache removes every program from the compile cache in dir
// (spindle clean -cache).
func CleanCache(dir string) error {
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return nil
	}
	c, err := cache.Open(dir)
	if err != nil {
		return err
	}
	return c.Clean()
}

// DefaultMaxSourceBytes is CompileOptions.MaxSourceBytes' default.
const DefaultMaxSourceBytes = 64 << 20

// RunOptions configure one run of a program (Program.Run, Program.Start).
// The zero value of every field is its default, the same as the spindle
// command's when no SPINDLE_* variable is set.
type RunOptions struct {
	Stdout, Stderr io.Writer // default: discard
	// Stdin is the guest's standard input (default: empty). It is read
	// on host goroutines while the reading fiber parks, one Read at a
	// time per shard; a regular *os.File or bytes in memory (a
	// *strings.Reader, *bytes.Reader or *bytes.Buffer), which cannot
	// block, may also be read on the shard's own thread. A Read in
	// progress when the run ends is left to return on its own (close a
	// pipe to end it); what it reads is lost.
	Stdin io.Reader
	// Args is os.Args: the program name first (default: {"main"}).
	Args []string
	// Env is the guest's environment (os.Environ); the host's is never
	// visible to the guest.
	Env []string
	// Grants is what the run may reach of its host: its file system,
	// network and child processes. The zero value grants nothing.
	Grants Grants
	// MaxFiles caps the descriptors the run holds at once: files,
	// directories, pipes, FIFOs and sockets, listeners included; one is
	// released when the program closes it, and all when the run ends.
	// Past it, an open fails as Go reports EMFILE ("open x: too many
	// open files", "accept tcp [::]:80: accept4: too many open files").
	// 0 is DefaultMaxFiles (1024); negative, no cap but the process's.
	MaxFiles int
	// Dir is the run's working directory, which relative paths, child
	// processes and os.Getwd start from (default: the host process's).
	// os.Chdir changes the run's, not the host's.
	Dir string
	// Seed drives map iteration order and select choices; a run on one
	// shard is a pure function of (program, input, seed).
	Seed uint64
	// Reductions is the preemption budget of a slice: a fiber that has
	// made this many calls and backward jumps yields (default
	// DefaultReductions, 4000).
	Reductions int
	// MaxStack caps each fiber's stack in bytes (default DefaultMaxStack,
	// 8 MiB); a register counts as one 8-byte word, as it would in a gc
	// frame. The guest's runtime/debug.SetMaxStack may lower the cap, but
	// not raise it above MaxStack. A stack overflow that ends the run (in
	// main or a go statement's goroutine) makes Run return ErrStackLimit.
	MaxStack int
	// NoStarveWarning turns off the stderr warning about an Error or
	// String method called while an unrecovered panic is printed that
	// holds its shard for more than a second while other fibers wait to
	// run. Other callbacks from host code are preempted and may block
	// like any goroutine (docs/SEMANTICS.md), and are never warned about.
	NoStarveWarning bool
	// Exec gives the guest the host process as its own (the spindle
	// command sets it: its process is the program's): syscall.Exec
	// replaces it, and kill (os.Process.Signal, syscall.Kill) reaches
	// any process the host may signal. Without it, syscall.Exec fails
	// with ENOSYS, since it would end the embedding program and every
	// run in it, and kill reaches only the run's own children and the
	// run itself (a signal to os.Getpid() is delivered to the run as
	// Running.Signal delivers one; unhandled, a terminating one ends the
	// run with exit status 128+signal); any other pid gets EPERM, and
	// the host process's own /proc entries are hidden (Grants.Root).
	// syscall.Exec also needs Grants.Exec.
	Exec bool
	// Shards is the number of shards (OS threads running fibers; default:
	// the number of CPUs, or 1 with an exploring Sched or FakeTime: each
	// shard has its own virtual clock). Shard 0 runs main; the others start when the
	// program first sends work to them (fiber.SpawnOn, OnEachShard), so a
	// program that never does runs on one thread.
	Shards int
	// Pin pins each shard's thread to a CPU (shard k on the k-th CPU the
	// process may use, modulo their count) where the affinity call is
	// allowed; the thread's affinity is restored when the run ends. Off by
	// default: two pinned runs on one machine would share their CPUs.
	Pin bool
	// EventLoop chooses each shard's event loop: "batch" (the default:
	// epoll for readiness, socket reads and writes submitted together on
	// an io_uring, plain epoll where io_uring is refused), "epoll" (every
	// read and write a system call) or "uring" (io_uring for readiness
	// too). Any other value ends the run at once with an error.
	EventLoop string
	// Sched chooses how each shard picks the fiber that runs next: ""
	// or "fifo" (run queue order, a woken fiber running next: the
	// default), or one of the exploring schedulers, which draw every
	// choice from Seed so that one seed is one schedule, replayed exactly
	// on one shard: "random" (a random walk: any runnable fiber, short
	// random slices, preemption at half of the synchronisation points) or
	// "pct" (random priorities with a few random priority drops, as PCT
	// testing does), or "dfs:STEP=CHOICE,..." (one path of a systematic,
	// delay-bounded search: the run queue's order except at the listed
	// decision points, where it takes the listed choice; SchedLog reports
	// the run's decision points, from which spindle test -explore derives
	// the next paths). Synchronisation points are channel operations, go
	// statements and host calls such as sync.Mutex's (docs/TESTING.md).
	// Any other value ends the run at once with an error. An exploring
	// scheduler runs on the virtual clock (FakeTime), so that timers too
	// are a function of the seed.
	Sched string
	// SchedLog, if not nil, receives when a run under the dfs scheduler
	// ends the number of choices its decision points had, in order.
	SchedLog func(choices []int32)
	// FakeTime runs the program on a virtual clock, as Go's
	// testing/synctest does inside a bubble: it starts at midnight UTC,
	// 2000-01-01, stands still while goroutines run, and jumps to the
	// next timer when every goroutine is blocked and no outside work
	// (a pool call, a child process) is pending, or once such work has
	// given no sign for 20 ms of real time (it may never finish: a
	// signal subscription). time.Now, Sleep, timers, tickers, AfterFunc
	// and context deadlines follow it, so an hour of backoff passes at
	// once. A goroutine that never blocks (a busy loop) stops the clock.
	FakeTime bool
	// MemoryLimit bounds the heap a run may grow, in bytes: a make,
	// append, new or channel that would take the process's live heap
	// more than MemoryLimit past what it was when the run began (after a
	// collection) ends the run with Go's "fatal error: runtime: out of
	// memory" (exit status 2) instead of ending the host. 0 is
	// DefaultMemoryLimit, which bounds the process's whole heap (seven
	// eighths of the memory the process may use); negative, no limit. The heap measured is the
	// process's, so runs in one process share their growth, and small
	// allocations are only counted at the next large one
	// (docs/SEMANTICS.md). Run returns ErrMemoryLimit when it ends a run.
	MemoryLimit int64
	// MaxFibers bounds the goroutines (fibers) alive at once, main's
	// included and every shard's together: a go statement, fiber.Spawn
	// or SpawnOn that would pass it ends the run with "fatal error:
	// spindle: goroutine limit (N) exceeded" and every goroutine's stack
	// (exit status 2, ErrFiberLimit). 0 or less: no limit, as in Go,
	// where memory bounds them: each go statement counts towards the
	// memory limit's next heap check.
	MaxFibers int
	// Fuel bounds the reductions (calls and backward jumps, Reductions'
	// unit) the run makes on every shard together: a CPU budget that
	// does not depend on the machine or its load, so a run on one shard
	// ends at the same point every time. Past it the run ends with
	// "fatal error: spindle: fuel limit (N reductions) exceeded" (exit
	// status 2, ErrCPULimit), at most a slice (Reductions) per shard
	// later. Host work a call does (a copy, a map operation) counts as
	// one reduction. 0 or less: no limit.
	Fuel int64
	// CPULimit bounds the CPU time of the run's shard threads: guest code
	// and the host functions it calls there, not the syscall pool's work
	// (blocking file and network calls). Each shard reads its thread's
	// clock every 256 slices and every 2^18 reductions; past the limit
	// the run ends with "fatal error: spindle: CPU limit (10s) exceeded"
	// (exit status 2, ErrCPULimit). 0 or less: no limit.
	CPULimit time.Duration
	// Timeout bounds the run's wall time: past it the run is cancelled
	// as when ctx is (every fiber unwinds, running its deferred calls,
	// for at most a second), nothing is printed, and Run returns exit
	// status 1 and an error matching both ErrTimeout and
	// context.DeadlineExceeded. 0 or less: no limit.
	Timeout time.Duration
	// MaxOutput bounds the bytes the run writes to Stdout and Stderr
	// together. The write that passes it writes what fits and fails as a
	// write past RLIMIT_FSIZE does in Go ("file too large"), and the run
	// ends: exit status 2, ErrOutputLimit, and "fatal error: spindle:
	// output limit (N) exceeded" on Stderr beyond the limit. A run whose
	// output was cut never exits 0. Under a limit a child process's
	// output is copied through the run, and counted, rather than given
	// the host's file. 0 or less: no limit.
	MaxOutput int64
	// Trace, if not nil, receives the run's execution trace when the run
	// ends, as Chrome trace-event JSON (Perfetto and chrome://tracing
	// open it): a track per shard and per goroutine, spans for each slice
	// it ran and each wait (named for its reason: chan receive,
	// sync.Mutex.Lock, sleep...), and an arrow from each go statement to
	// the goroutine's first slice.
	Trace io.Writer
}

// Check reports whether o is valid: whether EventLoop names an event
// loop, Sched a scheduler, Grants.Root a directory (and not together
// with Grants.FS) and Grants' addresses are well formed. Program.Start
// runs it too, ending the run with its error.
func (o *RunOptions) Check() error {
	if _, _, err := vm.ParseSched(o.Sched); err != nil {
		return err
	}
	if err := poll.CheckMode(o.EventLoop); err != nil {
		return err
	}
	g := &o.Grants
	if g.Root != "" {
		if g.FS != nil {
			return errors.New("Grants.Root and Grants.FS are exclusive")
		}
		if fi, err := os.Stat(g.Root); err != nil || !fi.IsDir() {
			return fmt.Errorf("Grants.Root %q is not a directory", g.Root)
		}
	}
	if err := std.CheckGrantAddrs(g.Dial); err != nil {
		return fmt.Errorf("Grants.Dial: %w", err)
	}
	if err := std.CheckGrantAddrs(g.Listen); err != nil {
		return fmt.Errorf("Grants.Listen: %w", err)
	}
	return nil
}
