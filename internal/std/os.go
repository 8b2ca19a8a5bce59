package std

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"
	"unicode"

	"spindle/internal/vm"
)

// Host side of the guest os package. Files live in the machine's table
// (machineState, below); the standard streams are fds 0, 1 and 2 and go
// to the machine's configured stdin, stdout and stderr. The bindings that
// can block run on the syscall pool: see os_pool.go.

// Error codes shared with _std/os/os.go.
const (
	eNone = iota
	eNotExist
	eExist
	ePermission
	eOther
	eClosed
	eInvalid
	eEOF
)

// setErr writes the four error results (code, op, path, msg) at res[i:].
func setErr(res []vm.Value, i int, err error) {
	code, op, path, msg := errParts(err)
	res[i], res[i+1], res[i+2], res[i+3] = vm.Int(int64(code)), vm.Str(op), vm.Str(path), vm.Str(msg)
}

func errCode(err error) int {
	switch {
	case err == nil:
		return eNone
	case err == io.EOF:
		return eEOF
	case errors.Is(err, os.ErrClosed):
		return eClosed
	case errors.Is(err, fs.ErrNotExist):
		return eNotExist
	case errors.Is(err, fs.ErrExist):
		return eExist
	case errors.Is(err, fs.ErrPermission):
		return ePermission
	case errors.Is(err, fs.ErrInvalid):
		return eInvalid
	}
	return eOther
}

func errParts(err error) (code int, op, path, msg string) {
	code = errCode(err)
	if code == eNone {
		return
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return code, pe.Op, pe.Path, pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return code, le.Op, le.Old, le.Err.Error()
	}
	return code, "", "", err.Error()
}

func pathErr(op, path string, err error) error {
	return &fs.PathError{Op: op, Path: path, Err: err}
}

// stdStream describes one of the standard streams.
func stdName(fd int) string {
	return [...]string{"/dev/stdin", "/dev/stdout", "/dev/stderr"}[fd]
}

// fdWritable reports whether fd is open for fast writes (fmt's path).
func fdWritable(m *vm.Machine, fd int) bool {
	switch fd {
	case 1, 2:
		return !stateOf(m).stdClosed[fd]
	}
	if fd < 3 {
		return false
	}
	hf := stateOf(m).files[fd]
	return hf != nil && !hf.closed && hf.regular
}

// fdWrite writes b to the machine's file fd.
func fdWrite(m *vm.Machine, fd int, b []byte) (int, error) {
	switch fd {
	case 1:
		return m.Out.Write(b)
	case 2:
		return m.Stderr().Write(b)
	}
	hf := stateOf(m).files[fd]
	return hf.f.Write(b)
}

// guestFile returns the fd and name of a guest *os.File receiver.
func guestFile(v vm.Value) (fd int, name string) {
	fs := v.Ptr().Slice()
	return int(fs[0].Int()), fs[1].String()
}

// openFD returns the host file behind fd, or an error for op.
func openFD(m *vm.Machine, fd int, name, op string) (*hostFile, error) {
	d := stateOf(m)
	if fd < 3 {
		if d.stdClosed[fd] {
			return nil, pathErr(op, name, os.ErrClosed)
		}
		return nil, nil
	}
	hf := d.files[fd]
	if hf == nil {
		if fd < d.nextFD {
			return nil, pathErr(op, name, os.ErrClosed) // closed: fds are never reused
		}
		return nil, pathErr(op, name, syscall.EBADF)
	}
	if hf.closed {
		return nil, pathErr(op, name, os.ErrClosed)
	}
	return hf, nil
}

// readsDirect reports whether a read of the machine's file fd may run on
// the machine's thread (fdReadInto): a read that cannot wait for as long
// as the outside world takes. That is a regular file, standard input
// that is one or that the embedding program gave as bytes in memory
// (stdinDirect), or a descriptor a read fails on at once (closed, or not
// open for reading). A pipe, FIFO, terminal, device or an embedding
// program's own io.Reader could hold the shard's thread, and with it
// every other fiber, for good: the host code that reads directly (bufio's
// and fmt's scanning fast paths) leaves those reads to the parking ones
// (the pooled os.File.Read; fmt's scan on the pool, fmt_scan.go).
func readsDirect(m *vm.Machine, fd int) bool {
	d := stateOf(m)
	switch {
	case fd == 0:
		return d.stdClosed[0] || d.stdinDirect(m)
	case fd < 3:
		return true
	}
	hf := d.files[fd]
	return hf == nil || hf.closed || hf.regular
}

// stdinDirect reports whether reading the run's standard input cannot
// block: none (every read is EOF), a regular file, or a reader of bytes
// in memory (strings.Reader, bytes.Reader, bytes.Buffer). Known once per
// machine.
func (d *machineState) stdinDirect(m *vm.Machine) bool {
	if d.stdinKind == 0 {
		d.stdinKind = stdinBlocks
		switch in := m.Config.Stdin.(type) {
		case nil, *strings.Reader, *bytes.Reader, *bytes.Buffer:
			d.stdinKind = stdinNoWait
		case *os.File:
			if fi, err := in.Stat(); err == nil && fi.Mode().IsRegular() {
				d.stdinKind = stdinNoWait
			}
		}
	}
	return d.stdinKind == stdinNoWait
}

// machineState.stdinKind's values.
const (
	stdinNoWait = 1 + iota // a read returns at once (bytes in memory, a regular file)
	stdinBlocks            // a read may wait for as long as the source takes
)

// readStdin reads Config.Stdin into buf, serialized with the machine's
// other readers of it (machineState.stdinMu); from any goroutine.
func readStdin(in io.Reader, d *machineState, name string, buf []byte) (int, error) {
	if in == nil {
		return 0, io.EOF
	}
	d.stdinMu.Lock()
	k, err := in.Read(buf)
	d.stdinMu.Unlock()
	if err != nil && err != io.EOF {
		err = pathErr("read", name, err)
	}
	return k, err
}

// fdRead reads up to n bytes of the machine's file fd on the calling
// (machine) thread, into a new buffer: fdReadInto's.
func fdRead(m *vm.Machine, fd int, name string, n int, off int64, at bool) ([]byte, error) {
	if n == 0 {
		_, err := openFD(m, fd, name, "read")
		return nil, err
	}
	buf := make([]byte, n)
	k, err := fdReadInto(m, fd, name, buf, off, at)
	return buf[:k], err
}

// fdReadInto reads into buf from the machine's file fd on the calling
// (machine) thread, returning the bytes read. The os bindings read on
// the syscall pool instead (os_pool.go); this direct read is for host
// code that cannot park (bufio's and fmt's scanning fast paths), only
// where readsDirect holds, and buf may be the guest's own storage (a
// packed []byte: Value.Bytes): the read lands there with no copy, as the
// guest's thread is the one reading.
func fdReadInto(m *vm.Machine, fd int, name string, buf []byte, off int64, at bool) (int, error) {
	hf, err := openFD(m, fd, name, "read")
	if err != nil {
		return 0, err
	}
	if len(buf) == 0 {
		return 0, nil
	}
	var k int
	switch {
	case hf != nil && at:
		k, err = hf.f.ReadAt(buf, off)
		err = fileErr(err, hf.f, name)
	case hf != nil:
		k, err = hf.f.Read(buf)
		err = fileErr(err, hf.f, name)
	case fd == 0 && !at:
		k, err = readStdin(m.Config.Stdin, stateOf(m), name, buf)
	default:
		return 0, pathErr("read", name, syscall.EBADF)
	}
	return k, err
}

func hostFlags(flag int) int {
	h := 0
	switch flag & 3 {
	case 0:
		h = os.O_RDONLY
	case 1:
		h = os.O_WRONLY
	case 2:
		h = os.O_RDWR
	}
	for _, p := range [...][2]int{{0x400, os.O_APPEND}, {0x40, os.O_CREATE}, {0x80, os.O_EXCL}, {0x101000, os.O_SYNC}, {0x200, os.O_TRUNC}} {
		if flag&p[0] == p[0] {
			h |= p[1]
		}
	}
	return h
}

// add enters f, a file the run has counted (runCaps.takeFile), in the
// machine's table and returns its handle.
func (d *machineState) add(f hostIO, name string) int {
	regular := false
	if of, ok := f.(*os.File); ok {
		// A file of an fs.FS is read on the pool: it may be anything.
		fi, err := of.Stat()
		regular = err == nil && fi.Mode().IsRegular()
	}
	d.mu.Lock()
	fd := d.nextFD
	d.nextFD++
	d.files[fd] = &hostFile{f: f, name: name, regular: regular}
	d.mu.Unlock()
	return fd
}

// environ returns the machine's environment (copied on first use so Setenv
// stays private to the run).
func (d *machineState) environ(m *vm.Machine) []string {
	if !d.envInit {
		d.env = append([]string(nil), m.Config.Env...)
		d.envInit = true
	}
	return d.env
}

func envLookup(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key {
			return kv[len(key)+1:], true
		}
	}
	return "", false
}

func envUnset(env []string, key string) []string {
	out := env[:0]
	for _, kv := range env {
		if !(len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key) {
			out = append(out, kv)
		}
	}
	return out
}

func modeBits(fi fs.FileInfo) uint32 { return uint32(fi.Mode()) }

var osFuncs = hostTable{
	"os.runtimeArgs":  osRuntimeArgs,
	"os.exit":         osExit,
	"os.LookupEnv":    osLookupEnv,
	"os.setenv":       osSetenv,
	"os.Unsetenv":     osUnsetenv,
	"os.Clearenv":     osClearenv,
	"os.Environ":      osEnviron,
	"os.hostname":     osHostname,
	"os.Getpid":       osGetpid,
	"syscall.Getpid":  osGetpid,
	"syscall.Getppid": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getppid())) },
	"syscall.Getuid":  func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getuid())) },
	"syscall.Geteuid": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Geteuid())) },
	"syscall.Getgid":  func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getgid())) },
	"syscall.Getegid": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getegid())) },
	"syscall.Getpagesize": func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(os.Getpagesize()))
	},
	"os.Getppid":      osGetppid,
	"os.Getuid":       osGetuid,
	"os.Getgid":       osGetgid,
	"(*os.File).seek": fileSeek,
	"os.tempDir":      osTempDir,
}

// osGetpid is both os.Getpid and syscall.Getpid.
func osGetpid(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getpid())) }

func osRuntimeArgs(f *vm.Fiber, args, res []vm.Value) {
	res[0] = Strings(f.M.Config.Args)
}

func osExit(f *vm.Fiber, args, res []vm.Value) { panic(vm.Exit(int(args[0].Int()))) }

func osLookupEnv(f *vm.Fiber, args, res []vm.Value) {
	v, ok := envLookup(stateOf(f.M).environ(f.M), args[0].String())
	res[0], res[1] = vm.Str(v), vm.Bool(ok)
}

func osSetenv(f *vm.Fiber, args, res []vm.Value) {
	k, v := args[0].String(), args[1].String()
	if k == "" || strings.ContainsAny(k, "=\x00") || strings.ContainsRune(v, 0) {
		res[0] = vm.Bool(false)
		return
	}
	d := stateOf(f.M)
	env := envUnset(d.environ(f.M), k)
	d.env = append(env, k+"="+v)
	res[0] = vm.Bool(true)
}

func osUnsetenv(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	d.env = envUnset(d.environ(f.M), args[0].String())
	res[0] = vm.Value{}
}

func osClearenv(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	d.environ(f.M)
	d.env = nil
}

func osEnviron(f *vm.Fiber, args, res []vm.Value) {
	env := stateOf(f.M).environ(f.M)
	res[0] = Strings(append([]string{}, env...))
}

// osHostname is uname's node name, for a run that sees the host's file
// system; any other reads /proc/sys/kernel/hostname through its own, as
// Go does when uname fails (false).
func osHostname(f *vm.Fiber, args, res []vm.Value) {
	if !capsOf(f.M).seesHost() {
		res[0], res[1] = vm.Str(""), vm.Bool(false)
		return
	}
	h, _ := os.Hostname()
	res[0], res[1] = vm.Str(h), vm.Bool(true)
}

func osGetppid(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getppid())) }

func osGetuid(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getuid())) }

func osGetgid(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(os.Getgid())) }

// Seek never blocks (lseek): it stays on the machine's thread. The
// file operations that can block are in os_pool.go.
func fileSeek(f *vm.Fiber, args, res []vm.Value) {
	fd, name := guestFile(args[0])
	off, whence := args[1].Int(), int(args[2].Int())
	hf, err := openFD(f.M, fd, name, "seek")
	var ret int64
	if err == nil {
		if hf == nil {
			err = pathErr("seek", name, syscall.ESPIPE)
		} else {
			ret, err = hf.f.Seek(off, whence)
		}
	}
	res[0] = vm.Int(ret)
	setErr(res, 1, err)
}

func osTempDir(f *vm.Fiber, args, res []vm.Value) {
	dir, ok := envLookup(stateOf(f.M).environ(f.M), "TMPDIR")
	if !ok || dir == "" {
		dir = "/tmp"
	}
	res[0] = vm.Str(dir)
}

// machineState is the host-side state the guest std keeps per Machine
// (one shard of a run): open files and sockets, the environment, signal
// delivery, the guest types and variables fmt needs. It lives on the
// Machine (stateOf); CloseAll releases its files and sockets.
type machineState struct {
	mu sync.Mutex // CloseAll may run on another goroutine than the machine

	// stdinMu serializes reads of Config.Stdin: pool workers (os_pool.go,
	// fmt's scan) and the machine's thread (bufio's and fmt's scanning of
	// a stdin in memory) may all read it.
	stdinMu sync.Mutex
	// stdinKind is 0 until stdinDirect has looked at Config.Stdin.
	stdinKind int

	files  map[int]*hostFile
	nextFD int

	// procs are the child processes the run started or found
	// (os_exec.go), by handle; released when the run ends.
	procs    map[int]*os.Process
	nextProc int

	// errClosed and errCancelled are this shard's fiber.ErrClosed and
	// fiber.ErrCancelled (fiber_set_errors), returned by the channel
	// methods bound to the host.
	errClosed, errCancelled vm.Value

	stdClosed [3]bool

	// fifoOpens are the opens of FIFOs in flight on the pool
	// (osOpenFile): an open blocks until the other end opens, so one the
	// run abandoned is released when it ends (releaseFIFOOpens).
	fifoOpens map[*fifoOpen]struct{}
	// closing are the files whose Close is on the pool (fileClose).
	closing       map[hostIO]struct{}
	fifosReleased bool // the run ended: no FIFO open may start

	// socks are the run's open sockets (net.go), by handle.
	socks    map[int]*hostSock
	nextSock int
	// tcpEnds holds, on a virtual clock (vm.Machine.TracksInner), the
	// connected TCP sockets whose other end has not been seen on this
	// machine, by their connection's addresses (net.go, pairInner).
	tcpEnds map[string]*hostSock
	// closedKept lists closed sockets whose records stay in socks until
	// their completed ops are taken (hostSock.close, closedOp).
	closedKept []int
	// reusePort is the fiber inside fiber.ListenShared: its listening
	// socket gets SO_REUSEPORT.
	reusePort *vm.Fiber

	env     []string // the run's environment, once Setenv and friends need it
	envInit bool

	// meths caches the fmt methods of the run's types (see methodsOf).
	meths map[*vm.Type]*methInfo

	// stdoutVar is the variable os.Stdout, and stdinFn and stdoutFn return
	// os.Stdin and os.Stdout as an io.Reader and io.Writer, when package
	// os is part of the program (its init binds them: fmt does not import
	// os). Nil and zero before that.
	stdoutVar         *vm.Value
	stdinFn, stdoutFn vm.Value

	// gcPercent and memLimit are the run's runtime/debug settings
	// (recorded, not applied to the shared host collector); nil: default.
	gcPercent *int
	memLimit  *int64

	// sig is the state of guest os/signal (signal.go).
	sig sigState

	// stateT is the guest type *fmt.pstate (a fmt.State implementation),
	// registered by fmt's init.
	stateT *vm.Type

	// unicodeTables holds the guest *unicode.RangeTable made for each host
	// table, so the package's variables and maps share them.
	unicodeTables map[*unicode.RangeTable]vm.Value
}

// stateOf returns m's host-side state, creating it on first use. It lives
// on the machine itself (Machine.HostData), so shards never contend for it.
func stateOf(m *vm.Machine) *machineState {
	return m.HostData(newMachineState).(*machineState)
}

func newMachineState() any { return &machineState{files: map[int]*hostFile{}, nextFD: 3} }

func (d *machineState) closeFiles(c *runCaps) {
	d.mu.Lock()
	files := d.files
	d.files = map[int]*hostFile{}
	d.mu.Unlock()
	for _, hf := range files {
		if !hf.closed {
			c.dropFile()
		}
		hf.close()
	}
	d.mu.Lock()
	closing := d.closing
	d.closing = nil
	d.mu.Unlock()
	for file := range closing {
		file.Close() // a Close the pool has not run (a second one is harmless)
	}
	d.releaseProcs()
	d.closeSockets(c)
	d.releaseFIFOOpens()
}

// CloseAll releases everything the guest std holds for machine m: every
// file and socket the program opened and did not close is closed. The
// root package calls it when a run ends.
func CloseAll(m *vm.Machine) {
	stateOf(m).closeFiles(capsOf(m))
}

// hostFile is one file a guest program opened. regular marks a regular
// file, which fmt's prints write directly (fdWritable); a pipe, FIFO or
// device could block the shard's thread, so its writes go to the pool.
type hostFile struct {
	f       hostIO
	name    string
	closed  bool
	regular bool
}

func (hf *hostFile) close() error {
	if hf.closed {
		return os.ErrClosed
	}
	hf.closed = true
	if hf.f != nil {
		return hf.f.Close()
	}
	return nil
}
