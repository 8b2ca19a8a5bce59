// Package spindle runs Go programs on a fiber VM.
//
// A guest program is compiled once to spindle bytecode and can then be run
// any number of times, concurrently, each run on its own machine. Every
// guest goroutine is a fiber: interpreter state (frames, registers, pc)
// scheduled by the VM, never a host goroutine.
//
//	prog, err := spindle.Compile("main.go")
//	if err != nil { ... }                  // file:line:col: message
//	code, err := prog.Run(ctx, spindle.Options{Stdout: os.Stdout})
package spindle

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"

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
	stdOnce.Do(func() {
		sub, err := fs.Sub(stdFiles, "_std")
		if err != nil {
			panic("BUG: embedded std: " + err.Error())
		}
		stdLib = loader.NewStd(sub)
	})
	return stdLib
}

// Program is a compiled guest program. It is immutable and safe for
// concurrent use by multiple Runs.
type Program struct {
	p *vm.Program
}

// CompileError is the list of compile errors of a program, one
// "file:line:col: message" per line.
type CompileError struct {
	Errors []string
}

func (e *CompileError) Error() string { return strings.Join(e.Errors, "\n") }

// Compile compiles the named Go files, which must form package main.
func Compile(files ...string) (*Program, error) {
	if len(files) == 0 {
		return nil, errors.New("spindle: no Go files to compile")
	}
	names, srcs, err := readFiles(files)
	if err != nil {
		return nil, err
	}
	return CompileSource(names, srcs)
}

func readFiles(files []string) ([]string, [][]byte, error) {
	if len(files) == 0 {
		return nil, nil, errors.New("spindle: no Go files to compile")
	}
	srcs := make([][]byte, len(files))
	for i, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		srcs[i] = b
	}
	return files, srcs, nil
}

// CompileDir compiles the non-test .go files of directory dir.
func CompileDir(dir string) (*Program, error) {
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
		files = append(files, filepath.Join(dir, n))
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("spindle: no Go files in %s", dir)
	}
	return Compile(files...)
}

// CompileSource compiles in-memory sources; names are used in messages.
func CompileSource(names []string, srcs [][]byte) (*Program, error) {
	return compileSource(CompileOptions{}, names, srcs)
}

func wrapErr(err error) error {
	var el loader.ErrorList
	if errors.As(err, &el) {
		return &CompileError{Errors: el}
	}
	return err
}

// Options configure one run of a program.
type Options struct {
	Stdout, Stderr io.Writer // default: discard
	Stdin          io.Reader
	// Args is os.Args: the program name first.
	Args []string
	Env  []string
	// Seed drives map iteration order and select choices; a run on one
	// shard is a pure function of (program, input, seed).
	Seed uint64
	// Reductions is the preemption budget per slice (default 4000, or
	// SPINDLE_REDUCTIONS).
	Reductions int
	// MaxStack caps each fiber's stack in bytes (default 8 MiB, or
	// SPINDLE_STACK_MAX); a register counts as one 8-byte word, as it
	// would in a gc frame.
	MaxStack int
	// NoStarveWarning turns off the stderr warning about a fiber that runs
	// for more than a second without blocking.
	NoStarveWarning bool
	// Shards is the number of shards (OS threads running fibers; default:
	// the number of CPUs). Shard 0 runs main; the others start when the
	// program first sends work to them (fiber.SpawnOn, OnEachShard), so a
	// program that never does runs on one thread.
	Shards int
	// Pin pins each shard's thread to a CPU (shard k on CPU k mod the CPU
	// count) where the affinity call is allowed.
	Pin bool
}

// Run runs the program to completion and returns its exit status: 0 when
// main returns, the os.Exit code, 2 for an unrecovered panic or deadlock.
// Cancelling ctx unwinds every fiber (running its deferred calls) and ends
// the run with status 1.
func (p *Program) Run(ctx context.Context, o Options) (int, error) {
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
func (p *Program) Start(ctx context.Context, o Options) *Running {
	r := &Running{done: make(chan struct{})}
	r.g = p.group(ctx, o)
	go func() {
		defer close(r.done)
		r.code = r.g.Run()
		for _, m := range r.g.Shards() {
			std.CloseAll(m) // files the program left open
		}
		r.err = ctx.Err()
	}()
	return r
}

// Wait waits for the run to end and returns its exit status.
func (r *Running) Wait() (int, error) {
	<-r.done
	return r.code, r.err
}

// Dump returns a description of every fiber of the running program (id,
// wait reason, guest stack), as Go prints on SIGQUIT; "" once it ended.
func (r *Running) Dump() string { return r.g.Dump(r.done) }

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

func (p *Program) group(ctx context.Context, o Options) *vm.Group {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.Args == nil {
		o.Args = []string{"main"}
	}
	if o.Shards <= 0 {
		o.Shards = runtime.NumCPU()
	}
	return vm.NewGroup(p.p, vm.Config{
		Stdout:   o.Stdout,
		Stderr:   o.Stderr,
		Stdin:    o.Stdin,
		Args:     o.Args,
		Env:      o.Env,
		Seed:     o.Seed,
		Budget:   o.Reductions,
		MaxStack: o.MaxStack,
		Context:  ctx,

		NoStarveWarning: o.NoStarveWarning,
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
