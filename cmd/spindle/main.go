// Command spindle runs Go programs on the spindle fiber VM.
//
//	spindle run file.go... [--] [args...]   run a program (or: a directory)
//	spindle disasm file.go... [filter]      print its bytecode
//	spindle version                         print the version
//	spindle help                            print this help
//
// The SPINDLE_* environment variables set the run's options (runOptions;
// `spindle help` lists them).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"spindle"
)

var help = fmt.Sprintf(`spindle runs Go programs on a fiber VM.

Usage:

	spindle run file.go... [--] [args...]   run package main made of these files
	spindle run dir [--] [args...]          run the package in dir
	spindle disasm file.go... [filter]      print the bytecode of functions matching filter
	spindle version                         print spindle's version
	spindle help                            print this help

Arguments after the files (or after --) are the program's os.Args[1:].

Environment:

	SPINDLE_SEED=N             map order and select choices (default 0)
	SPINDLE_REDUCTIONS=N       preemption budget per slice (default %d)
	SPINDLE_STACK_MAX=BYTES    fiber stack cap (default %d MiB)
	SPINDLE_SHARDS=N           shard threads (default: the number of CPUs)
	SPINDLE_PIN=1              pin shard k's thread to CPU k
	SPINDLE_STARVE_WARNING=0   no warning about a callback holding its shard
	SPINDLE_IO=batch|epoll|uring   event loop (default batch)
	SPINDLE_CPUPROFILE=FILE    write a host CPU profile
	SPINDLE_MEMPROFILE=FILE    write a host heap profile when the run ends
`, spindle.DefaultReductions, spindle.DefaultMaxStack>>20)

func usage() {
	fmt.Fprint(os.Stderr, help)
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "run":
		if len(args) == 0 {
			usage()
		}
		os.Exit(run(args))
	case "disasm":
		if len(args) == 0 {
			usage()
		}
		os.Exit(disasm(args))
	case "version":
		version(os.Stdout)
	case "help", "-h", "-help", "--help":
		fmt.Print(help)
	default:
		fmt.Fprintf(os.Stderr, "spindle %s: unknown command\nRun 'spindle help' for usage.\n", cmd)
		os.Exit(2)
	}
}

// version prints spindle's module version (or VCS revision) and the Go
// toolchain that built it.
func version(w io.Writer) {
	v := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && v == "devel" {
				v += " " + s.Value
			}
		}
	}
	fmt.Fprintf(w, "spindle %s %s %s/%s\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// isPackagePath reports whether a, which names no file, is an import
// path: go run's package argument (example.com/mod/cmd/x, a/b).
func isPackagePath(a string) bool {
	return !strings.HasPrefix(a, "-") && (strings.Contains(a, "/") || strings.Contains(a, "."))
}

func run(argv []string) int {
	var files []string
	var dir string
	i := 0
	for ; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			i++
			break
		}
		if strings.HasSuffix(a, ".go") {
			files = append(files, a)
			continue
		}
		if len(files) == 0 && dir == "" {
			if st, err := os.Stat(a); err == nil && st.IsDir() || err != nil && isPackagePath(a) {
				// A directory, or an import path (go run's package):
				// everything after it is the program's, as in go run.
				dir = a
				i++
			}
		}
		break
	}
	args := argv[i:]
	if dir == "" && len(files) == 0 {
		usage()
	}
	opts, err := runOptions(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spindle:", err)
		return 2
	}
	// Compiling allocates a young heap that the GC would otherwise scan
	// several times over: collect rarely until the program starts.
	old := debug.SetGCPercent(800)
	name := dir
	if dir == "" {
		name = strings.TrimSuffix(files[0], ".go")
	} else {
		// Files after a directory: Compile says that is not allowed.
		files = append([]string{dir}, files...)
	}
	prog, err := spindle.Compile(spindle.CompileOptions{}, files...)
	debug.SetGCPercent(old)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	opts.Stdout, opts.Stderr, opts.Stdin = os.Stdout, os.Stderr, os.Stdin
	opts.Args = append([]string{name}, args...)
	opts.Env = os.Environ()
	if path := os.Getenv("SPINDLE_CPUPROFILE"); path != "" {
		pf, err := os.Create(path)
		if err == nil && pprof.StartCPUProfile(pf) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if path := os.Getenv("SPINDLE_MEMPROFILE"); path != "" {
		// A sample every 64 bytes: fine enough to attribute a few hundred
		// bytes per connection (and slow).
		runtime.MemProfileRate = 64
		defer func() {
			if pf, err := os.Create(path); err == nil {
				pprof.Lookup("heap").WriteTo(pf, 0)
				pf.Close()
			}
		}()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Signals are subscribed to before the program starts, so none can
	// arrive unhandled once it runs. SIGQUIT prints every fiber's stack and
	// exits, as Go does. The others go to the program first (os/signal's
	// Notify); one it does not handle cancels the run (its fibers unwind,
	// files and sockets close) and then kills this process with the
	// signal's default action, as it would a Go program.
	quit := make(chan os.Signal, 1)
	signal.Notify(quit, syscall.SIGQUIT)
	defer signal.Stop(quit)
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2)
	defer signal.Stop(sigs)
	run := prog.Start(ctx, opts)
	go func() {
		if _, ok := <-quit; ok {
			fmt.Fprintf(os.Stderr, "SIGQUIT: quit\n\n%s", run.Dump())
			os.Exit(2)
		}
	}()
	fatal := make(chan syscall.Signal, 1)
	go func() {
		for s := range sigs {
			if !run.Signal(s) {
				select {
				case fatal <- s.(syscall.Signal):
				default:
				}
				cancel()
			}
		}
	}()
	code, err := run.Wait()
	if err != nil && ctx.Err() == nil {
		fmt.Fprintln(os.Stderr, err)
	}
	select {
	case s := <-fatal:
		signal.Reset(s)
		syscall.Kill(os.Getpid(), s)
		time.Sleep(time.Second) // the signal ends the process
	default:
	}
	return code
}

// disasm prints the bytecode of the program's functions whose names
// contain the optional filter (spindle disasm prog.go [filter]).
func disasm(argv []string) int {
	var files []string
	filter := ""
	for _, a := range argv {
		if strings.HasSuffix(a, ".go") {
			files = append(files, a)
		} else {
			filter = a
		}
	}
	prog, err := spindle.Compile(spindle.CompileOptions{}, files...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Print(prog.Disasm(filter))
	return 0
}

// runOptions maps the SPINDLE_* environment variables (read through
// getenv) to run options; unset ones keep the library's defaults.
func runOptions(getenv func(string) string) (spindle.RunOptions, error) {
	var o spindle.RunOptions
	positive := func(name string, dst *int) error {
		s := getenv(name)
		if s == "" {
			return nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			return fmt.Errorf("bad %s=%q: want a positive integer", name, s)
		}
		*dst = v
		return nil
	}
	if s := getenv("SPINDLE_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return o, fmt.Errorf("bad SPINDLE_SEED=%q: want an unsigned integer", s)
		}
		o.Seed = v
	}
	for _, e := range []struct {
		name string
		dst  *int
	}{
		{"SPINDLE_REDUCTIONS", &o.Reductions},
		{"SPINDLE_STACK_MAX", &o.MaxStack},
		{"SPINDLE_SHARDS", &o.Shards},
	} {
		if err := positive(e.name, e.dst); err != nil {
			return o, err
		}
	}
	switch s := getenv("SPINDLE_PIN"); s {
	case "", "0":
	case "1":
		o.Pin = true
	default:
		return o, fmt.Errorf("bad SPINDLE_PIN=%q: want 0 or 1", s)
	}
	switch s := getenv("SPINDLE_STARVE_WARNING"); s {
	case "", "1":
	case "0":
		o.NoStarveWarning = true
	default:
		return o, fmt.Errorf("bad SPINDLE_STARVE_WARNING=%q: want 0 or 1", s)
	}
	o.EventLoop = getenv("SPINDLE_IO")
	if o.Check() != nil {
		return o, fmt.Errorf("bad SPINDLE_IO=%q: want batch, epoll or uring", o.EventLoop)
	}
	return o, nil
}
