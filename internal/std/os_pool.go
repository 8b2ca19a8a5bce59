package std

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"unsafe"

	"spindle/internal/vm"
)

// File-system work on the syscall pool. Every os binding that can block
// (open, read, write, close, sync, stat, directory and path operations)
// parks its fiber and runs the system call on a pool worker
// (vm.Machine.Offload); the shard's other fibers keep running, and the
// call completes on the machine's thread when the worker is done, so a
// slow call (a FIFO waiting for its other end, a stalled disk) delays only
// its own fiber.
//
// Workers get host values only: paths, copied byte slices, the *os.File
// behind a guest handle (os.File is safe for concurrent use). Never the
// guest's own []byte storage: a fiber cancelled while its job runs unwinds
// at once, and its buffer may be the guest's again while the worker would
// still read or write it. So a read lands in a host buffer and is copied
// into the guest's on the resumed call (one copy), and a write copies the
// guest's bytes before the job starts (one copy); the buffers come from
// the socket buffer pool (getBuf) up to netChunk bytes. The
// machine's file table is read and changed on its thread alone, before
// the work starts or after it ends: a file is entered into the table when
// its open completes and leaves it when its close starts.
//
// The machine's standard output and error are its own buffers and stay
// direct; standard input reads Config.Stdin, which may block, so reads of
// fd 0 go to the pool too (serialized by machineState.stdinMu, since a
// host io.Reader need not be safe for concurrent use), as OffloadWait
// when they may wait for good (stdinWaits). Host code that reads on the
// machine's thread (bufio's and fmt's scanning) does so only where
// readsDirect holds (os.go), and otherwise parks too. Cheap calls that
// cannot block (Seek, the environment, Getpid) stay direct.
//
// A fiber cancelled while its job runs does not see the result: a file
// that job opened is closed when the result is dropped (poolRes.Drop).

// poolRes is what a pool job hands back to its fiber.
type poolRes struct {
	n    int64
	data []byte
	bp   *[]byte // data's pooled buffer (getBuf), if it has one: put back by finishRead
	fi   fs.FileInfo
	ents []os.DirEntry
	file hostIO
	name string
	err  error
	// held is the run's caps when the job's file is counted against
	// MaxFiles (runCaps.takeFile): the finish enters it in the table, or
	// uncounts it.
	held *runCaps
	// proc and pstate: a started process and a waited-for one's state
	// (os_exec.go).
	proc   *os.Process
	pstate *os.ProcessState
}

// Drop is called when the job's fiber is gone (cancelled while the job
// ran): the file it opened is closed and uncounted.
func (r *poolRes) Drop() {
	if r.file != nil {
		r.file.Close()
		r.file = nil
	}
	if r.held != nil {
		r.held.dropFile()
		r.held = nil
	}
}

// hostFileOf is f as a hostIO: nil for a nil *os.File.
func hostFileOf(f *os.File) hostIO {
	if f == nil {
		return nil
	}
	return f
}

// errLostResult is reported if a pooled call resumes without its result
// (which the VM does not do: an interrupted park unwinds instead).
var errLostResult = errors.New("spindle: syscall pool result lost")

// poolStart runs on the machine's thread on a pooled call's first entry:
// it reads the arguments and returns the work for the pool, or writes the
// results itself and returns nil when there is nothing to wait for (a
// closed file, a standard stream, an empty read).
type poolStart func(f *vm.Fiber, args, res []vm.Value) func() *poolRes

// poolFinish writes the results of a pooled call from its job's result,
// on the resumed call. Like poolStart it must read args before writing
// res (they overlap).
type poolFinish func(f *vm.Fiber, args, res []vm.Value, r *poolRes)

// pooled builds the host function of a call whose blocking part runs on
// the syscall pool: start on the first entry, finish on the resumed call.
// osPoolFuncs is built from it.
func pooled(start poolStart, finish poolFinish) vm.HostFunc {
	return pooledOn((*vm.Machine).Offload, start, finish)
}

// pooledWait is pooled for a call that waits on something outside the run
// for as long as it takes (a child's exit): it takes no pool slot
// (vm.Machine.OffloadWait).
func pooledWait(start poolStart, finish poolFinish) vm.HostFunc {
	return pooledOn((*vm.Machine).OffloadWait, start, finish)
}

// pooledRead is pooled for a read of a guest file (args[0]); a read of
// standard input that may wait for as long as its source takes runs as
// pooledWait (see stdinWaits).
func pooledRead(start poolStart, finish poolFinish) vm.HostFunc {
	pool, wait := pooled(start, finish), pooledWait(start, finish)
	return func(f *vm.Fiber, args, res []vm.Value) {
		if fd, _ := guestFile(args[0]); stdinWaits(f.M, fd) {
			wait(f, args, res)
			return
		}
		pool(f, args, res)
	}
}

// stdinWaits reports whether fd is standard input and a read of it may
// wait for as long as the outside world takes (a pipe, a terminal, an
// embedding program's own reader: not readsDirect). Such a read parks
// its fiber with OffloadWait, not Offload: it takes no pool slot, so a
// hundred fibers waiting for input do not stall the run's file I/O, and
// a run cancelled while one waits ends at once instead of waiting for it
// (awaitPool). The read's host goroutine ends when the source's Read
// returns; the bytes it read then are lost with the run.
func stdinWaits(m *vm.Machine, fd int) bool { return fd == 0 && !readsDirect(m, 0) }

func pooledOn(offload func(m *vm.Machine, f *vm.Fiber, reason string, work func() any), start poolStart, finish poolFinish) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		if f.Resuming() {
			r, _ := f.HostState().(*poolRes)
			f.SetHostState(nil)
			if r == nil {
				r = &poolRes{err: errLostResult}
			}
			finish(f, args, res, r)
			return
		}
		if work := start(f, args, res); work != nil {
			offload(f.M, f, "syscall", func() any { return work() })
		}
	}
}

// The common result shapes.

// finishErr writes (code, op, path, msg).
func finishErr(f *vm.Fiber, args, res []vm.Value, r *poolRes) { setErr(res, 0, r.err) }

// finishN writes (n, code, op, path, msg).
func finishN(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	res[0] = vm.Int(r.n)
	setErr(res, 1, r.err)
}

// finishStat writes (name, size, mode, mtime, code, op, path, msg).
func finishStat(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	fi, err := r.fi, r.err
	if err != nil || fi == nil {
		res[0], res[1], res[2], res[3] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}
		setErr(res, 4, err)
		return
	}
	res[0], res[1], res[2], res[3] = vm.Str(fi.Name()), vm.Int(fi.Size()), vm.Uint(uint64(modeBits(fi))), vm.Int(fi.ModTime().UnixNano())
	setErr(res, 4, nil)
}

// finishDir writes (names, modes, code, op, path, msg).
func finishDir(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	dirRes(res, r.ents, r.err)
}

func dirRes(res []vm.Value, ents []os.DirEntry, err error) {
	names := make([]string, len(ents))
	modes := make([]vm.Value, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
		modes[i] = vm.Uint(uint64(e.Type()))
	}
	res[0], res[1] = Strings(names), vm.Value{R: modes}
	setErr(res, 2, err)
}

// errWork is a job that only reports err.
func errWork(fn func() error) func() *poolRes {
	return func() *poolRes { return &poolRes{err: fn()} }
}

// startRead begins a read of n bytes from the guest file fd (at off if at).
// It writes the results and returns nil when no job is needed.
func startRead(f *vm.Fiber, res []vm.Value, fd int, name string, n int, off int64, at bool) func() *poolRes {
	hf, err := openFD(f.M, fd, name, "read")
	if err == nil && n == 0 {
		res[0] = vm.Int(0)
		setErr(res, 1, nil)
		return nil
	}
	switch {
	case err != nil:
	case hf != nil && at:
		file := hf.f
		return func() *poolRes {
			r := readBuf(n)
			k, err := file.ReadAt(r.data, off)
			r.data, r.err = r.data[:k], fileErr(err, file, name)
			return r
		}
	case hf != nil:
		file := hf.f
		return func() *poolRes {
			r := readBuf(n)
			k, err := file.Read(r.data)
			r.data, r.err = r.data[:k], fileErr(err, file, name)
			return r
		}
	case fd == 0 && !at && f.M.Config.Stdin == nil:
		err = io.EOF
	case fd == 0 && !at:
		in, d := f.M.Config.Stdin, stateOf(f.M)
		return func() *poolRes {
			r := readBuf(n)
			k, err := readStdin(in, d, name, r.data)
			r.data, r.err = r.data[:k], err
			return r
		}
	default:
		err = pathErr("read", name, syscall.EBADF)
	}
	res[0] = vm.Int(0)
	setErr(res, 1, err)
	return nil
}

// readBuf returns a job's result with a host buffer of n bytes to read
// into: pooled up to netChunk bytes (finishRead puts it back; a cancelled
// fiber's is left to the collector).
func readBuf(n int) *poolRes {
	if n > netChunk {
		return &poolRes{data: make([]byte, n)}
	}
	bp := getBuf(n)
	return &poolRes{data: (*bp)[:n], bp: bp}
}

// finishRead copies the bytes read into the guest buffer args[1] (the
// read's one copy) and puts the host buffer back.
func finishRead(f *vm.Fiber, args, res []vm.Value, r *poolRes) {
	n := copy(args[1].Bytes(), r.data)
	if r.bp != nil {
		putBuf(r.bp)
		r.bp, r.data = nil, nil
	}
	res[0] = vm.Int(int64(n))
	setErr(res, 1, r.err)
}

// startWrite begins a write of b to the guest file fd. b may be the
// guest's own storage (Value.Bytes): the machine's stdout and stderr are
// written directly from it (no copy; io.Writer does not keep it), and a
// job on the pool writes a host copy of it (hostCopy), unless frozen: b
// is a string's bytes, which nothing changes.
func startWrite(f *vm.Fiber, res []vm.Value, fd int, name string, b []byte, frozen bool, off int64, at bool) func() *poolRes {
	hf, err := openFD(f.M, fd, name, "write")
	n := 0
	switch {
	case err != nil:
	case hf != nil && at:
		file := hf.f
		bp, hb := hostCopy(b, frozen)
		return func() *poolRes {
			k, err := file.WriteAt(hb, off)
			putBuf(bp)
			return &poolRes{n: int64(k), err: fileErr(err, file, name)}
		}
	case hf != nil:
		file := hf.f
		bp, hb := hostCopy(b, frozen)
		return func() *poolRes {
			k, err := file.Write(hb)
			putBuf(bp)
			return &poolRes{n: int64(k), err: fileErr(err, file, name)}
		}
	case (fd == 1 || fd == 2) && !at:
		n, err = fdWrite(f.M, fd, b)
	default:
		err = pathErr("write", name, syscall.EBADF)
	}
	res[0] = vm.Int(int64(n))
	setErr(res, 1, err)
	return nil
}

// hostCopy copies b for a pool job: into a pooled buffer (bp, for the job
// to put back when it is done with hb) up to netChunk bytes, else a new
// one (bp nil). A frozen b (a string's bytes) is not copied.
func hostCopy(b []byte, frozen bool) (bp *[]byte, hb []byte) {
	if frozen {
		return nil, b
	}
	if len(b) > netChunk || len(b) == 0 {
		return nil, append([]byte(nil), b...)
	}
	bp = getBuf(len(b))
	hb = (*bp)[:len(b)]
	copy(hb, b)
	return bp, hb
}

var osPoolFuncs = hostTable{
	// Methods of *os.File.
	"(*os.File).read":        pooledRead(fileRead, finishRead),
	"(*os.File).readAt":      pooled(fileReadAt, finishRead),
	"(*os.File).write":       pooled(fileWrite, finishN),
	"(*os.File).writeString": pooled(fileWriteString, finishN),
	"(*os.File).writeAt":     pooled(fileWriteAt, finishN),
	"(*os.File).close":       pooled(fileClose, finishErr),
	"(*os.File).sync":        pooled(fileSync, finishErr),
	"(*os.File).truncate":    pooled(fileTruncate, finishErr),
	"(*os.File).stat":        pooled(fileStat, finishStat),
	"(*os.File).chdir":       pooled(fileChdir, finishChdir),
	"(*os.File).readDir":     pooled(fileReadDir, finishDir),

	// Functions on paths.
	"os.openFile":   pooled(osOpenFile, finishOpenFile),
	"os.readFile":   pooled(osReadFile, finishReadFile),
	"os.writeFile":  pooled(osWriteFile, finishErr),
	"os.stat":       pooled(osStat, finishStat),
	"os.mkdir":      pooled(osMkdir, finishErr),
	"os.remove":     pooled(osRemove, finishErr),
	"os.rename":     pooled(osRename, finishRename),
	"os.readDir":    pooled(osReadDir, finishDir),
	"os.getwd":      pooled(osGetwd, finishGetwd),
	"os.chdir":      pooled(osChdir, finishChdir),
	"os.readlink":   pooled(osReadlink, finishGetwd),
	"os.mkdirTemp":  pooled(osMkdirTemp, finishMkdirTemp),
	"os.createTemp": pooled(osCreateTemp, finishCreateTemp),
	"os.chmod":      pooled(osChmod, finishErr),
	"os.truncate":   pooled(osTruncate, finishErr),
}

func fileRead(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	n := len(args[1].Bytes())
	return startRead(f, res, fd, name, n, 0, false)
}

func fileReadAt(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	n, off := len(args[1].Bytes()), args[2].Int()
	return startRead(f, res, fd, name, n, off, true)
}

func fileWrite(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	return startWrite(f, res, fd, name, args[1].Bytes(), false, 0, false)
}

func fileWriteString(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	s := args[1].String()
	if fd == 1 && fdWritable(f.M, 1) {
		n, err := f.M.Out.WriteString(s)
		res[0] = vm.Int(int64(n))
		setErr(res, 1, err)
		return nil
	}
	return startWrite(f, res, fd, name, unsafe.Slice(unsafe.StringData(s), len(s)), true, 0, false)
}

func fileWriteAt(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	b, off := args[1].Bytes(), args[2].Int()
	return startWrite(f, res, fd, name, b, false, off, true)
}

func fileClose(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	d := stateOf(f.M)
	if fd < 3 {
		var err error
		if d.stdClosed[fd] {
			err = pathErr("close", name, os.ErrClosed)
		}
		if fd == 1 {
			f.M.Out.Flush()
		}
		d.stdClosed[fd] = true
		setErr(res, 0, err)
		return nil
	}
	d.mu.Lock()
	hf := d.files[fd]
	delete(d.files, fd)
	d.mu.Unlock()
	if hf == nil || hf.closed || hf.f == nil {
		setErr(res, 0, pathErr("close", name, os.ErrClosed))
		return nil
	}
	hf.closed = true
	capsOf(f.M).dropFile()
	file := hf.f
	// Until the pool closes it, the run's end closes it (a job still
	// waiting for a slot then never runs).
	d.mu.Lock()
	if d.closing == nil {
		d.closing = map[hostIO]struct{}{}
	}
	d.closing[file] = struct{}{}
	d.mu.Unlock()
	return errWork(func() error {
		err := file.Close()
		d.mu.Lock()
		delete(d.closing, file)
		d.mu.Unlock()
		return fileErr(err, file, name)
	})
}

func fileSync(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	hf, err := openFD(f.M, fd, name, "sync")
	if err == nil && hf != nil {
		file := hf.f
		return errWork(func() error { return fileErr(file.Sync(), file, name) })
	}
	if err == nil && fd == 1 {
		f.M.Out.Flush()
	}
	setErr(res, 0, err)
	return nil
}

func fileTruncate(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	size := args[1].Int()
	hf, err := openFD(f.M, fd, name, "truncate")
	if err == nil && hf != nil {
		file := hf.f
		return errWork(func() error { return fileErr(file.Truncate(size), file, name) })
	}
	if err == nil {
		err = pathErr("truncate", name, syscall.EINVAL)
	}
	setErr(res, 0, err)
	return nil
}

func fileStat(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	hf, err := openFD(f.M, fd, name, "stat")
	if err != nil {
		finishStat(f, args, res, &poolRes{err: err})
		return nil
	}
	var file hostIO
	if hf != nil {
		file = hf.f
	} else {
		file = [...]*os.File{os.Stdin, os.Stdout, os.Stderr}[fd]
	}
	return func() *poolRes {
		fi, err := file.Stat()
		return &poolRes{fi: fi, err: fileErr(err, file, name)}
	}
}

func fileReadDir(f *vm.Fiber, args, res []vm.Value) func() *poolRes {
	fd, name := guestFile(args[0])
	n := int(args[1].Int())
	hf, err := openFD(f.M, fd, name, "readdirent")
	if err == nil && hf != nil {
		file := hf.f
		return func() *poolRes {
			ents, err := file.ReadDir(n)
			if err == io.EOF {
				err = nil
			}
			return &poolRes{ents: ents, err: fileErr(err, file, name)}
		}
	}
	if err == nil {
		err = pathErr("readdirent", name, syscall.ENOTDIR)
	}
	dirRes(res, nil, err)
	return nil
}
