// Command spindle runs Go programs on the spindle fiber VM.
//
//	spindle run prog.go [args...]     (also: a directory, several .go files,
//	                                   and `--` before the program's args)
package main

import (
	"context"
	"fmt"
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

func usage() {
	fmt.Fprintln(os.Stderr, "usage: spindle run file.go... [--] [args...]\n       spindle run dir [--] [args...]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 3 {
		usage()
	}
	switch os.Args[1] {
	case "run":
		code := run(os.Args[2:])
		os.Exit(code)
	case "disasm":
		os.Exit(disasm(os.Args[2:]))
	}
	usage()
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
			if st, err := os.Stat(a); err == nil && st.IsDir() {
				dir = a
				continue
			}
		}
		break
	}
	args := argv[i:]
	// Compiling allocates a young heap that the GC would otherwise scan
	// several times over: collect rarely until the program starts.
	old := debug.SetGCPercent(800)
	var prog *spindle.Program
	var err error
	name := "main"
	switch {
	case dir != "":
		prog, err = spindle.CompileDir(dir)
		name = dir
	case len(files) > 0:
		prog, err = spindle.Compile(files...)
		name = strings.TrimSuffix(files[0], ".go")
	default:
		usage()
	}
	debug.SetGCPercent(old)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	opts := spindle.Options{
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Stdin:  os.Stdin,
		Args:   append([]string{name}, args...),
		Env:    os.Environ(),
	}
	if s := os.Getenv("SPINDLE_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, "spindle: bad SPINDLE_SEED:", err)
			return 2
		}
		opts.Seed = v
	}
	if s := os.Getenv("SPINDLE_REDUCTIONS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "spindle: bad SPINDLE_REDUCTIONS:", s)
			return 2
		}
		opts.Reductions = v
	}
	if s := os.Getenv("SPINDLE_STACK_MAX"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "spindle: bad SPINDLE_STACK_MAX:", s)
			return 2
		}
		opts.MaxStack = v
	}
	if s := os.Getenv("SPINDLE_SHARDS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			fmt.Fprintln(os.Stderr, "spindle: bad SPINDLE_SHARDS:", s)
			return 2
		}
		opts.Shards = v
	}
	// Shard threads are pinned to CPUs unless SPINDLE_PIN=0.
	opts.Pin = os.Getenv("SPINDLE_PIN") != "0"
	opts.NoStarveWarning = os.Getenv("SPINDLE_STARVE_WARNING") == "0"
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
	code, _ := run.Wait()
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
	prog, err := spindle.Compile(files...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Print(prog.Disasm(filter))
	return 0
}
