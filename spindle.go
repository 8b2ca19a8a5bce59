// Package spindle runs Go programs on a fiber VM.
//
// A guest program is compiled once to spindle bytecode and can then be run
// any number of times, concurrently, each run on its own machine. Every
// guest goroutine is a fiber: interpreter state (frames, registers, pc)
// scheduled by the VM, never a host goroutine.
//
//	prog, err := spindle.Compile(spindle.CompileOptions{}, "main.go")
//	if err != nil { ... }                  // file:line:col: message
//	code, err := prog.Run(ctx, spindle.RunOptions{Stdout: os.Stdout})
//
// The library reads no environment variables: everything a run may vary is
// a field of CompileOptions or RunOptions, with the same defaults the
// spindle command uses (the command maps SPINDLE_* variables to them).
package spindle

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"go/build"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"

	"spindle/internal/golist"
	"spindle/internal/loader"
	"spindle/internal/std"
	"spindle/internal/vm"
)

//go:embed all:_std
var stdFiles embed.FS

var (
	stdOnce sync.Once
	stdLib  *loader.Std
)

// guestStd returns the process-wide guest standard library: each std
// package is parsed and type-checked once per process.
func guestStd() *loader.Std {
	stdOnce.Do(func() { stdLib = newGuestStd() })
	return stdLib
}

// newGuestStd returns a guest standard library of its own, with nothing
// loaded yet (CompileOptions.NoStdCache).
func newGuestStd() *loader.Std {
	sub, err := fs.Sub(stdFiles, "_std")
	if err != nil {
		panic("BUG: embedded std: " + err.Error())
	}
	s := loader.NewStd(sub)
	s.GoRoot = golist.GoRoot
	return s
}

// Program is a compiled guest program. It is immutable and safe for
// concurrent use by multiple Runs.
type Program struct {
	p      *vm.Program
	cached bool // read back from the compile cache
}

// CompileError is the list of compile errors of a program, one
// "file:line:col: message" per line.
type CompileError struct {
	Errors []string
}

func (e *CompileError) Error() string { return strings.Join(e.Errors, "\n") }

// File is one in-memory source file of a guest program.
type File struct {
	Name string // used in messages and stack traces
	Src  []byte
}

// Compile compiles package main from paths, as `go run` takes them: Go
// files, one directory, or one import path (resolved from the current
// directory's module; path@version outside any module). A program that imports only spindle's guest std
// needs nothing else; one that imports other packages is resolved by the
// go command, which must be on PATH: go.mod, go.work, vendor/, the module
// cache and the module proxy, as `go run` resolves them.
func Compile(opts CompileOptions, paths ...string) (*Program, error) {
	return CompileContext(context.Background(), opts, paths...)
}

// CompileContext is Compile, stopped by ctx: once ctx is done it returns
// an error wrapping ctx's at once. The go command it runs is killed;
// type-checking and compiling stop at the next file, package or
// function, on a goroutine of their own (go/types cannot be interrupted
// within a package), which then ends.
func CompileContext(ctx context.Context, opts CompileOptions, paths ...string) (*Program, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if len(paths) == 1 && !strings.HasSuffix(paths[0], ".go") {
		if strings.Contains(paths[0], "@") {
			return compileVersioned(ctx, opts, paths[0])
		}
		if _, err := os.Stat(paths[0]); err != nil {
			wd, err := os.Getwd()
			if err != nil {
				return nil, err
			}
			return compilePackages(ctx, opts, wd, paths)
		}
	}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			return nil, errors.New("spindle: cannot run *_test.go files (" + p + ")")
		}
	}
	files, err := readPaths(paths, newSourceBudget(opts))
	if err != nil {
		return nil, err
	}
	if needsGoList(files) {
		// The go command resolves from the current directory's module, as
		// go run does, with the paths made absolute (a directory path is
		// a package pattern only as ./dir or absolute).
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		abs := make([]string, len(paths))
		for i, p := range paths {
			if abs[i], err = filepath.Abs(p); err != nil {
				return nil, err
			}
		}
		return compilePackages(ctx, opts, wd, abs)
	}
	return compileFiles(ctx, opts, files)
}

// CompileSource compiles package main from in-memory files.
func CompileSource(opts CompileOptions, files ...File) (*Program, error) {
	return CompileSourceContext(context.Background(), opts, files...)
}

// CompileSourceContext is CompileSource, stopped by ctx as
// CompileContext is.
func CompileSourceContext(ctx context.Context, opts CompileOptions, files ...File) (*Program, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if len(files) == 0 {
		return nil, errors.New("spindle: no Go files to compile")
	}
	b := newSourceBudget(opts)
	for _, f := range files {
		if err := b.take(f.Name, int64(len(f.Src))); err != nil {
			return nil, err
		}
	}
	return compileFiles(ctx, opts, files)
}

// sourceBudget is what CompileOptions.MaxSourceBytes leaves of one
// compile's source.
type sourceBudget struct{ limit, used int64 }

func newSourceBudget(opts CompileOptions) *sourceBudget {
	n := opts.MaxSourceBytes
	if n == 0 {
		n = DefaultMaxSourceBytes
	}
	return &sourceBudget{limit: n}
}

// take charges n bytes of the file name; past the limit it returns the
// CompileError naming it.
func (b *sourceBudget) take(name string, n int64) error {
	b.used += n
	if b.limit > 0 && b.used > b.limit {
		return &CompileError{Errors: []string{name + ": the program's Go source exceeds the compile limit (" + vm.ByteSize(b.limit) + ", CompileOptions.MaxSourceBytes)"}}
	}
	return nil
}

// read reads the file path, charged: a regular file past the limit is
// not read at all, and no more than the limit of anything else is. The
// error names it as name.
func (b *sourceBudget) read(path, name string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if b.limit > 0 {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && b.used+st.Size() > b.limit {
			return nil, b.take(name, st.Size())
		}
		r = io.LimitReader(f, b.limit-b.used+1)
	}
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if err := b.take(name, int64(len(src))); err != nil {
		return nil, err
	}
	return src, nil
}

// readPaths reads the Go files paths name: the files themselves, or the
// non-test .go files of the one directory given.
func readPaths(paths []string, budget *sourceBudget) ([]File, error) {
	if len(paths) == 1 {
		if st, err := os.Stat(paths[0]); err == nil && st.IsDir() {
			names, err := dirFiles(paths[0])
			if err != nil {
				return nil, err
			}
			paths = names
		}
	}
	if len(paths) == 0 {
		return nil, errors.New("spindle: no Go files to compile")
	}
	files := make([]File, len(paths))
	for i, name := range paths {
		if st, err := os.Stat(name); err == nil && st.IsDir() {
			return nil, fmt.Errorf("spindle: %s is a directory: give one directory or only .go files", name)
		}
		if a, b := filepath.Dir(paths[0]), filepath.Dir(name); a != b {
			return nil, fmt.Errorf("named files must all be in one directory; have %s and %s", a, b)
		}
		b, err := budget.read(name, name)
		if err != nil {
			return nil, err
		}
		files[i] = File{Name: name, Src: b}
	}
	return files, nil
}

// buildContext selects files as `go build` does for spindle's target:
// linux/amd64, cgo off, the purego tag.
var buildContext = func() build.Context {
	c := build.Default
	c.GOOS, c.GOARCH, c.CgoEnabled = "linux", "amd64", false
	c.BuildTags = []string{golist.Tags}
	return c
}()

// dirFiles lists the non-test .go files of dir that build constraints
// select, sorted.
func dirFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if ok, err := buildContext.MatchFile(dir, n); err != nil || !ok {
			continue // build constraints exclude it (or the loader will say why not)
		}
		files = append(files, filepath.Join(dir, n))
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("spindle: no Go files in %s", dir)
	}
	return files, nil
}

func wrapErr(err error) error {
	var el loader.ErrorList
	if errors.As(err, &el) {
		return &CompileError{Errors: el}
	}
	return err
}

// Run runs the program to completion and returns its exit status: 0 when
// main returns, the os.Exit code, 2 for an unrecovered panic, a deadlock
// or invalid RunOptions (with an error), 70 for a spindle bug (reported on
// Stderr as "BUG: ..."). Cancelling ctx unwinds every fiber (running its
// deferred calls) and ends the run with status 1 and ctx's error. A run
// that a limit of RunOptions ended returns that limit's error
// (ErrMemoryLimit, ErrTimeout, ...; see their doc).
func (p *Program) Run(ctx context.Context, o RunOptions) (int, error) {
	return p.Start(ctx, o).Wait()
}

// Running is a run in progress (see Program.Start).
type Running struct {
	g    *vm.Group
	done chan struct{}
	code int
	err  error
}

// Start starts a run of the program on its own goroutine (a shard: one OS
// thread) and returns at once.
func (p *Program) Start(ctx context.Context, o RunOptions) *Running {
	r := &Running{done: make(chan struct{})}
	if err := o.Check(); err != nil {
		r.code, r.err = 2, fmt.Errorf("spindle: %w", err)
		close(r.done)
		return r
	}
	if ctx == nil {
		ctx = context.Background()
	}
	// A timeout cancels the run as ctx would; the cause tells them apart.
	runCtx, stop := ctx, context.CancelFunc(func() {})
	if o.Timeout > 0 {
		runCtx, stop = context.WithTimeoutCause(ctx, o.Timeout, ErrTimeout)
	}
	var out *asyncOutput
	o.Stdout, o.Stderr, out = wrapOutput(runCtx, o.Stdout, o.Stderr)
	r.g = p.group(runCtx, o)
	go func() {
		defer close(r.done)
		defer stop()
		r.code = r.g.Run()
		for _, m := range r.g.Shards() {
			std.CloseAll(m) // files the program left open
		}
		if out != nil {
			out.close()
		}

		switch l := r.g.Limit(); {
		case l != vm.NoLimit:
			r.err = limitErr(l, &o)
		case r.g.Cancelled() && context.Cause(runCtx) == ErrTimeout:
			r.err = timeoutErr(&o)
		default:
			r.err = ctx.Err()
		}
		if o.SchedLog != nil {
			o.SchedLog(r.g.Shards()[0].DFSChoices())
		}
		if o.Trace != nil {
			if err := vm.WriteTrace(o.Trace, r.g.Shards()); err != nil && r.err == nil {
				r.err = fmt.Errorf("spindle: writing the trace: %w", err)
			}
		}
	}()
	return r
}

// Wait waits for the run to end and returns its exit status, and the
// error that ended it early: ctx's, a limit's (ErrMemoryLimit,
// ErrTimeout...), or invalid RunOptions.
func (r *Running) Wait() (int, error) {
	<-r.done
	return r.code, r.err
}

// Dump returns a description of every fiber of the running program (id,
// wait reason, guest stack), as Go prints on SIGQUIT; "" once it ended.
func (r *Running) Dump() string {
	if r.g == nil {
		return ""
	}
	return r.g.Dump(r.done)
}

// Signal hands a signal the host received to the running program. It
// reports whether the program handles it: some fiber registered a channel
// for it with os/signal's Notify (it is delivered there), or ignores it
// with Ignore. When it returns false the host applies the signal's
// default action, for example by cancelling the run (the CLI does). Only
// syscall.Signal values numbered 1 to 64 can be handled.
func (r *Running) Signal(sig os.Signal) bool {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return false
	}
	select {
	case <-r.done:
		return false
	default:
	}
	handled := false
	for _, m := range r.g.Shards() {
		if std.DeliverSignal(m, int(s)) {
			handled = true
		}
	}
	return handled
}

func (p *Program) group(ctx context.Context, o RunOptions) *vm.Group {
	if o.Args == nil {
		o.Args = []string{"main"}
	}
	sched, schedPath, _ := vm.ParseSched(o.Sched) // Check accepted it
	grants := vm.Grants{ReadOnly: o.Grants.ReadOnly, Dial: o.Grants.Dial, Listen: o.Grants.Listen, Exec: o.Grants.Exec}
	switch root := o.Grants.Root; {
	case root != "":
		// Absolute and free of symlinks: the guest's paths are compared
		// with it, and the directories it enters are named by the kernel.
		if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
		if real, err := filepath.EvalSymlinks(root); err == nil {
			root = real
		}
		grants.Root = root
		if o.Dir == "" && root != "/" {
			o.Dir = root
		}
	default:
		grants.FS = o.Grants.FS
		// A path in FS (or in none): "/" at first.
		o.Dir = path.Clean("/" + o.Dir)
	}
	if o.Shards <= 0 {
		o.Shards = runtime.NumCPU()
		if sched != vm.SchedFIFO || o.FakeTime {
			o.Shards = 1 // one schedule per seed; one virtual clock
		}
	}
	return vm.NewGroup(p.p, vm.Config{
		Stdout:      o.Stdout,
		Stderr:      o.Stderr,
		Stdin:       o.Stdin,
		Args:        o.Args,
		Env:         o.Env,
		Dir:         o.Dir,
		Seed:        o.Seed,
		Reductions:  o.Reductions,
		MaxStack:    o.MaxStack,
		MemoryLimit: o.MemoryLimit,
		MaxFibers:   o.MaxFibers,
		Fuel:        o.Fuel,
		CPULimit:    o.CPULimit,
		MaxOutput:   o.MaxOutput,
		EventLoop:   o.EventLoop,
		Context:     ctx,

		NoStarveWarning: o.NoStarveWarning,
		Exec:            o.Exec,
		Grants:          grants,
		MaxFiles:        o.MaxFiles,
		Sched:           sched,
		SchedPath:       schedPath,
		FakeTime:        o.FakeTime || sched != vm.SchedFIFO,
		Trace:           o.Trace != nil,
	}, o.Shards, o.Pin)
}

// Disasm returns the bytecode of every function whose name contains filter.
func (p *Program) Disasm(filter string) string {
	var b strings.Builder
	for _, fn := range p.p.Funcs() {
		if fn.Host == nil && strings.Contains(fn.Name, filter) {
			b.WriteString(vm.Disasm(fn))
		}
	}
	return b.String()
}

// GoRoot returns the root of the Go toolchain whose standard library
// sources spindle compiles (the go command's GOROOT), or "" when there is
// no go command.
func GoRoot() string { return golist.GoRoot() }
