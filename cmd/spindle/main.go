// Command spindle runs Go programs on the spindle fiber VM.
//
//	spindle run [flags] package [args...]   compile and run a program, as go run
//	spindle test [flags] [packages]         test packages, as go test
//	spindle disasm file.go... [filter]      print its bytecode
//	spindle env [-json] [var...]            print the settings
//	spindle version                         print the version
//	spindle help [command]                  print help
//
// The run options come from the SPINDLE_* environment variables and, for
// spindle run, from flags of the same names, which win (settings; `spindle
// help env` lists them).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
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

// A setting is one run option, set by an environment variable and, for
// spindle run, by the flag of the same name (the flag wins).
type setting struct {
	env, flag string
	arg       string // the flag's value placeholder ("" for a boolean)
	usage     string
	set       func(o *cliOptions, v string) error
}

// cliOptions are the run options plus what only the command has.
type cliOptions struct {
	spindle.RunOptions
	cpuProfile, memProfile string
	traceFile              string // -trace
	multi                  bool   // spindle test: several packages
	explore                int    // spindle test -explore: schedules per test
	memPoints              bool   // -explore-mem (CompileOptions.MemPoints)
	tags                   string // spindle test -tags
	json                   bool   // spindle test -json
}

var settings = []setting{
	{"SPINDLE_SEED", "seed", "N", "map order and select choices (default 0)", func(o *cliOptions, v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return errors.New("want an unsigned integer")
		}
		o.Seed = n
		return nil
	}},
	{"SPINDLE_REDUCTIONS", "reductions", "N", fmt.Sprintf("preemption budget per slice (default %d)", spindle.DefaultReductions), positive(func(o *cliOptions) *int { return &o.Reductions })},
	{"SPINDLE_STACK_MAX", "stack-max", "BYTES", fmt.Sprintf("fiber stack cap (default %d MiB)", spindle.DefaultMaxStack>>20), positive(func(o *cliOptions) *int { return &o.MaxStack })},
	{"SPINDLE_SHARDS", "shards", "N", "shard threads (default: the number of CPUs)", positive(func(o *cliOptions) *int { return &o.Shards })},
	{"SPINDLE_PIN", "pin", "", "pin shard k's thread to CPU k", boolean(func(o *cliOptions, b bool) { o.Pin = b })},
	{"SPINDLE_STARVE_WARNING", "starve-warning", "", "warn about a callback holding its shard (default on)", boolean(func(o *cliOptions, b bool) { o.NoStarveWarning = !b })},
	{"SPINDLE_IO", "io", "MODE", "event loop: batch, epoll or uring (default batch)", func(o *cliOptions, v string) error {
		o.EventLoop = v
		if o.Check() != nil {
			return errors.New("want batch, epoll or uring")
		}
		return nil
	}},
	{"SPINDLE_SCHED", "sched", "MODE", "scheduler: fifo, or random or pct to explore schedules drawn from the seed, or dfs[:STEP=CHOICE,...] for one path of a systematic search (default fifo)", func(o *cliOptions, v string) error {
		o.Sched = v
		if o.Check() != nil {
			return errors.New("want fifo, random, pct or dfs[:STEP=CHOICE,...]")
		}
		return nil
	}},
	{"SPINDLE_EXPLORE_MEM", "explore-mem", "", "compile the program's own packages with a preemption point at every load, store and map access, for the exploring schedulers", boolean(func(o *cliOptions, b bool) { o.memPoints = b })},
	{"SPINDLE_FAKETIME", "faketime", "", "run on a virtual clock that jumps to the next timer when every goroutine is blocked", boolean(func(o *cliOptions, b bool) { o.FakeTime = b })},
	{"SPINDLE_MEMLIMIT", "memlimit", "BYTES", "the run's memory limit, as GOMEMLIMIT writes it (1GiB, 512MiB; default: 7/8 of the process's memory; off: none)", func(o *cliOptions, v string) error {
		n, err := parseMemLimit(v)
		o.MemoryLimit = n
		return err
	}},
	{"SPINDLE_MAXFIBERS", "maxfibers", "N", "the most goroutines alive at once (default: no limit)", positive(func(o *cliOptions) *int { return &o.MaxFibers })},
	{"SPINDLE_CPULIMIT", "cpulimit", "DURATION", "the CPU time the run may use (10s; default: no limit)", duration(func(o *cliOptions) *time.Duration { return &o.CPULimit })},
	{"SPINDLE_FUEL", "fuel", "N", "the reductions (calls and loop iterations) the run may make: a CPU limit that is the same on every machine (default: no limit)", func(o *cliOptions, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return errors.New("want a positive integer")
		}
		o.Fuel = n
		return nil
	}},
	{"SPINDLE_TIMEOUT", "timeout", "DURATION", "the wall time the run may take, then it is cancelled (30s; default: no limit; spindle test's -timeout is go test's)", duration(func(o *cliOptions) *time.Duration { return &o.Timeout })},
	{"SPINDLE_MAXOUTPUT", "maxoutput", "BYTES", "the bytes the run may write to stdout and stderr together (1GiB; default: no limit)", func(o *cliOptions, v string) error {
		n, err := parseMemLimit(v)
		o.MaxOutput = n
		return err
	}},
	{"SPINDLE_TRACE", "trace", "FILE", "write the run's execution trace (Chrome trace-event JSON, for Perfetto)", func(o *cliOptions, v string) error { o.traceFile = v; return nil }},
	{"SPINDLE_CPUPROFILE", "cpuprofile", "FILE", "write a host CPU profile (compiling included)", func(o *cliOptions, v string) error { o.cpuProfile = v; return nil }},
	{"SPINDLE_MEMPROFILE", "memprofile", "FILE", "write a host heap profile when the run ends", func(o *cliOptions, v string) error { o.memProfile = v; return nil }},
}

// parseMemLimit reads a memory limit as GOMEMLIMIT is written: a number
// of bytes with an optional B, KiB, MiB, GiB or TiB suffix, or "off".
func parseMemLimit(v string) (int64, error) {
	if v == "off" {
		return -1, nil
	}
	shift := 0
	for i, suf := range []string{"TiB", "GiB", "MiB", "KiB", "B"} {
		if rest, ok := strings.CutSuffix(v, suf); ok {
			v, shift = rest, [...]int{40, 30, 20, 10, 0}[i]
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64>>shift {
		return 0, errors.New("want a positive size such as 512MiB, or off")
	}
	return n << shift, nil
}

func positive(field func(o *cliOptions) *int) func(o *cliOptions, v string) error {
	return func(o *cliOptions, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return errors.New("want a positive integer")
		}
		*field(o) = n
		return nil
	}
}

func duration(field func(o *cliOptions) *time.Duration) func(o *cliOptions, v string) error {
	return func(o *cliOptions, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return errors.New("want a positive duration such as 10s")
		}
		*field(o) = d
		return nil
	}
}

func boolean(set func(o *cliOptions, b bool)) func(o *cliOptions, v string) error {
	return func(o *cliOptions, v string) error {
		switch v {
		case "1", "true":
			set(o, true)
		case "0", "false":
			set(o, false)
		default:
			return errors.New("want 0 or 1")
		}
		return nil
	}
}

var help = `spindle runs Go programs on a fiber VM.

Usage:

	spindle <command> [arguments]

The commands are:

	run       compile and run a Go program
	test      test packages, as go test does
	trace     view an execution trace (from run -trace or test -trace)
	disasm    print the bytecode of a program's functions
	clean     remove the compile cache
	env       print spindle's settings
	version   print spindle's version
	help      print help about a command ("spindle help run")

Settings come from SPINDLE_* environment variables ("spindle help env"),
and for spindle run and spindle test also from flags of the same names,
which win.
`

var helpRun = `usage: spindle run [flags] package [arguments...]

Run compiles and runs the named main Go package, as go run does. The
package is a list of .go files from one directory, a directory, an import
path inside the main module, or path@version (run outside a module).
Arguments after the package (or after --) are the program's os.Args[1:].
Packages outside spindle's guest standard library are resolved by the go
command (modules, vendor/, go.work); a lone file or directory needs none.

Flags (each also set by the environment variable "spindle help env" lists):

`

var helpEnv = `Environment variables that set spindle's run options (for spindle run,
the flags of the same names win; "spindle env" prints what is in effect):

`

var helpDisasm = `usage: spindle disasm file.go... [filter]

Disasm compiles the program and prints the bytecode of the functions whose
names contain filter (all of them without one).
`

var helpClean = `usage: spindle clean -cache

Clean -cache removes every compiled program from spindle's compile cache
(the directory "spindle env SPINDLE_CACHE" prints), as go clean -cache
does Go's build cache.

spindle run and spindle test keep each program they compile in the
cache, keyed by everything the compile read (spindle's own build, the Go
toolchain's std sources, the program's and its modules' files), and read
it back on the next run instead of compiling again. SPINDLE_CACHE sets
the directory (an absolute path; default: spindle/ in the user's cache
directory), and SPINDLE_CACHE=off turns the cache off. Entries unused for
five days are removed.
`

var helpVersion = `usage: spindle version

Version prints spindle's version, the Go toolchain that built it, and the
platform.
`

var helpEnvCmd = `usage: spindle env [-json] [var ...]

Env prints spindle's settings as the environment sets them, one
NAME='value' line each (only the values, one per line, for the named
variables; a JSON object with -json). GOROOT is the toolchain whose
standard library sources spindle compiles.
`

// goTestOwn are the flags spindle test takes as go test's, not as the
// settings of the same names (which only the environment sets there).
var goTestOwn = map[string]bool{"timeout": true}

// settingsHelp lists the settings, as flags (of spindle run, or of
// spindle test when test) or variables (env).
func settingsHelp(asFlags, test bool) string {
	var b strings.Builder
	for _, s := range settings {
		if asFlags && test && goTestOwn[s.flag] {
			continue
		}
		name := s.env
		switch {
		case asFlags:
			name = "-" + s.flag
			if s.arg != "" {
				name += " " + s.arg
			}
		case s.arg != "":
			name += "=" + s.arg
		default:
			name += "=0|1"
		}
		fmt.Fprintf(&b, "\t%-28s %s\n", name, s.usage)
	}
	return b.String()
}

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
		os.Exit(run(args))
	case "test":
		os.Exit(test(args))
	case "trace":
		os.Exit(traceCommand(args, os.Stderr))
	case "disasm":
		if len(args) == 0 {
			fmt.Fprint(os.Stderr, helpDisasm)
			os.Exit(2)
		}
		os.Exit(disasm(args))
	case "version":
		version(os.Stdout)
	case "clean":
		os.Exit(cleanCommand(args))
	case "env":
		os.Exit(envCommand(os.Stdout, args, os.Getenv))
	case "help", "-h", "-help", "--help":
		os.Exit(helpCommand(os.Stdout, args))
	default:
		fmt.Fprintf(os.Stderr, "spindle %s: unknown command\nRun 'spindle help' for usage.\n", cmd)
		os.Exit(2)
	}
}

// helpCommand prints spindle help [topic].
func helpCommand(w io.Writer, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(w, help)
		return 0
	}
	switch args[0] {
	case "run":
		fmt.Fprint(w, helpRun+settingsHelp(true, false))
	case "test":
		fmt.Fprint(w, helpTest+settingsHelp(true, true))
	case "env":
		fmt.Fprint(w, helpEnv+settingsHelp(false, false)+"\n"+helpEnvCmd)
	case "trace":
		fmt.Fprint(w, helpTrace)
	case "disasm":
		fmt.Fprint(w, helpDisasm)
	case "version":
		fmt.Fprint(w, helpVersion)
	case "clean":
		fmt.Fprint(w, helpClean)
	case "help":
		fmt.Fprint(w, "usage: spindle help [command]\n")
	default:
		fmt.Fprintf(os.Stderr, "spindle help %s: unknown help topic. Run 'spindle help'.\n", args[0])
		return 2
	}
	return 0
}

// envCommand prints the settings (spindle env [-json] [var...]).
func envCommand(w io.Writer, args []string, getenv func(string) string) int {
	asJSON := len(args) > 0 && args[0] == "-json"
	if asJSON {
		args = args[1:]
	}
	vals := map[string]string{}
	var names []string
	for _, s := range settings {
		names = append(names, s.env)
		vals[s.env] = getenv(s.env)
	}
	names = append(names, "SPINDLE_CACHE", "GOROOT")
	vals["SPINDLE_CACHE"] = cacheSetting()
	vals["GOROOT"] = spindle.GoRoot()
	if len(args) > 0 {
		for _, a := range args {
			if _, ok := vals[a]; !ok {
				fmt.Fprintf(os.Stderr, "spindle env: unknown variable %s\n", a)
				return 2
			}
		}
		names = args
	}
	switch {
	case asJSON:
		m := map[string]string{}
		for _, n := range names {
			m[n] = vals[n]
		}
		b, _ := json.MarshalIndent(m, "", "\t")
		fmt.Fprintf(w, "%s\n", b)
	case len(args) > 0:
		for _, n := range names {
			fmt.Fprintln(w, vals[n])
		}
	default:
		for _, n := range names {
			fmt.Fprintf(w, "%s='%s'\n", n, strings.ReplaceAll(vals[n], "'", `'\''`))
		}
	}
	return 0
}

// cacheSetting is SPINDLE_CACHE as spindle env prints it: the directory
// in effect, or off.
func cacheSetting() string {
	d, _ := spindle.CacheDir()
	if d == "" {
		return "off"
	}
	return d
}

// cacheDir returns the compile cache's directory for spindle run and
// test; "" (no cache, with a warning) when it cannot be used.
func cacheDir(cmd string) string {
	d, err := spindle.CacheDir()
	if err != nil {
		fmt.Fprintf(os.Stderr, "spindle %s: compile cache off: %v\n", cmd, err)
		return ""
	}
	return d
}

// cleanCommand is spindle clean -cache.
func cleanCommand(args []string) int {
	if len(args) != 1 || args[0] != "-cache" {
		fmt.Fprint(os.Stderr, helpClean)
		return 2
	}
	d, err := spindle.CacheDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "spindle clean:", err)
		return 1
	}
	if d == "" {
		return 0 // SPINDLE_CACHE=off: nothing to clean
	}
	if err := spindle.CleanCache(d); err != nil {
		fmt.Fprintln(os.Stderr, "spindle clean:", err)
		return 1
	}
	return 0
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

// runFlags parses spindle run's flags (before the package) over the
// options the environment set.
func runFlags(argv []string, o *cliOptions) ([]string, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, st := range settings {
		set := func(v string) error { return st.set(o, v) }
		if st.arg == "" {
			fs.BoolFunc(st.flag, st.usage, set)
		} else {
			fs.Func(st.flag, st.usage, set)
		}
	}
	if err := fs.Parse(argv); err != nil {
		return nil, err
	}
	return fs.Args(), nil
}

func run(argv []string) int {
	opts, err := cliOptionsFrom(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spindle:", err)
		return 2
	}
	argv, err = runFlags(argv, &opts)
	if err == flag.ErrHelp {
		fmt.Fprint(os.Stdout, helpRun+settingsHelp(true, false))
		return 0
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "spindle run: %v\nRun 'spindle help run' for usage.\n", err)
		return 2
	}
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
		fmt.Fprint(os.Stderr, "usage: spindle run [flags] package [arguments...]\nRun 'spindle help run' for details.\n")
		return 2
	}
	// The profile covers compiling too (start-up is part of a run).
	if path := opts.cpuProfile; path != "" {
		pf, err := os.Create(path)
		if err == nil && pprof.StartCPUProfile(pf) == nil {
			defer pprof.StopCPUProfile()
		}
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
	// One compile per process: the type-checked std is garbage after it,
	// and a large one's memory goes back to the system while the program
	// runs (net/http's: an idle server's RSS 590 MB -> 135 MB), off the
	// start-up path.
	prog, err := spindle.Compile(spindle.CompileOptions{NoStdCache: true, MemPoints: opts.memPoints, Cache: cacheDir("run")}, files...)
	debug.SetGCPercent(old)
	var ms runtime.MemStats
	if runtime.ReadMemStats(&ms); ms.HeapAlloc > 64<<20 {
		go debug.FreeOSMemory()
	}
	ropts := opts.RunOptions
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ropts.Stdout, ropts.Stderr, ropts.Stdin = os.Stdout, os.Stderr, os.Stdin
	ropts.Args = append([]string{name}, args...)
	if opts.traceFile != "" {
		tf, err := os.Create(opts.traceFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "spindle:", err)
			return 2
		}
		defer tf.Close()
		ropts.Trace = tf
	}
	ropts.Exec = true // the program owns this process
	ropts.Env = os.Environ()
	// Everything, as go run: the process's own limits apply.
	ropts.Grants, ropts.MaxFiles = spindle.GrantAll, -1
	if path := opts.memProfile; path != "" {
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
	run := prog.Start(ctx, ropts)
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
	if err != nil && ctx.Err() == nil && !reportedByGuest(err) {
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

// reportedByGuest reports whether err is a limit's that the program's
// own stderr already explains (its "fatal error: ..."). A timeout is not:
// the run is cancelled without a word.
func reportedByGuest(err error) bool {
	for _, e := range []error{spindle.ErrMemoryLimit, spindle.ErrStackLimit, spindle.ErrFiberLimit, spindle.ErrCPULimit, spindle.ErrOutputLimit} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
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

// cliOptionsFrom maps the SPINDLE_* environment variables (read through
// getenv) to options; unset ones keep the library's defaults.
func cliOptionsFrom(getenv func(string) string) (cliOptions, error) {
	var o cliOptions
	for _, st := range settings {
		if v := getenv(st.env); v != "" {
			if err := st.set(&o, v); err != nil {
				return o, fmt.Errorf("bad %s=%q: %v", st.env, v, err)
			}
		}
	}
	return o, nil
}

// runOptions is cliOptionsFrom's run options.
func runOptions(getenv func(string) string) (spindle.RunOptions, error) {
	o, err := cliOptionsFrom(getenv)
	return o.RunOptions, err
}
