package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"regexp"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"spindle"
)

var helpTest = `usage: spindle test [flags] [packages] [test flags] [-args arguments...]

Test compiles and runs the tests of the named packages, as go test does:
the _test.go files of each package (in the package and in its _test
package), with Go's own testing package, on fibers. Packages are named as
for go test (import paths, ./..., a directory; none means the current
directory's package, whose output is shown as it is written). The go
command resolves them and generates each test binary's main package.

The output and exit status are go test's: "ok  \tpkg\t0.012s" for a package
that passed, its output and "FAIL\tpkg\t0.012s" for one that failed, and
status 1 when any failed. Test flags are go test's and go to the test
binary (-run becomes -test.run); arguments after -args go to it as they
are. Without -timeout, a binary panics after 10 minutes, as under go test;
one still running a minute after its timeout is stopped, as go test does.
A goroutine's stack may grow to 1 GB, gc's limit (-stack-max sets it).

Test flags:

	-tags list         build tags, as for go build (passed to the go command)
	-json              write test2json's events (go tool test2json converts)
	-bench regexp      run the benchmarks matching regexp
	-benchmem          print memory allocations for benchmarks
	-benchtime t       run each benchmark for t (a duration or Nx)
	-count n           run each test, benchmark and example n times
	-cpu list          run with each GOMAXPROCS in list
	-failfast          stop after the first failed test
	-fullpath          show full file names in error messages
	-list regexp       list the tests, benchmarks and examples matching regexp
	-parallel n        run up to n parallel tests at once
	-run regexp        run only the tests and examples matching regexp
	-short             tell long-running tests to shorten their run time
	-shuffle off|on|N  randomize the order of tests and benchmarks
	-skip regexp       skip the tests matching regexp
	-timeout d         panic if a test binary runs longer than d (default 10m)
	-v                 verbose: log every test as it runs and passes

Exploring schedules (spindle's own):

	-explore n         run each test under n schedules, on one shard and the
	                   virtual clock: seeds from -seed on (default 1), with the
	                   -sched strategy (random, pct, or dfs: a search of the
	                   schedules with at most two delays) or a portfolio of
	                   all three. The first failing schedule is reported with
	                   the command that replays it exactly (-run, -sched and
	                   -seed).

Flags (each also set by the environment variable "spindle help env" lists):

`

// testFlags are go test's flags that go to the test binary as -test.NAME;
// boolean ones take no separate value.
var testFlags = map[string]bool{
	"bench": false, "benchmem": true, "benchtime": false, "count": false,
	"tags": false, // a build flag: the go command's, not the binary's
	"json": true,  // go test's: the output converted (go tool test2json)
	"cpu":  false, "failfast": true, "fullpath": true, "list": false,
	"parallel": false, "run": false, "short": true, "shuffle": false,
	"skip": false, "timeout": false, "v": true,
}

// testArgs splits spindle test's arguments into the package patterns and
// the test binary's flags, applying spindle's own settings to o.
func testArgs(argv []string, o *cliOptions) (patterns, binFlags []string, err error) {
	o.explore = 0
	hasTimeout := false
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if a == "-args" || a == "--args" {
			binFlags = append(binFlags, argv[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			patterns = append(patterns, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "h" || name == "help" {
			return nil, nil, errHelp
		}
		if st := settingNamed(name); st != nil && !goTestOwn[name] {
			if !hasVal && st.arg != "" {
				if i+1 >= len(argv) {
					return nil, nil, fmt.Errorf("flag needs an argument: -%s", name)
				}
				i++
				val = argv[i]
			} else if !hasVal {
				val = "true"
			}
			if err := st.set(o, val); err != nil {
				return nil, nil, fmt.Errorf("invalid value %q for flag -%s: %v", val, name, err)
			}
			continue
		}
		if name == "explore" {
			if !hasVal {
				if i+1 >= len(argv) {
					return nil, nil, errors.New("flag needs an argument: -explore")
				}
				i++
				val = argv[i]
			}
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 {
				return nil, nil, fmt.Errorf("invalid value %q for flag -explore: want a positive integer", val)
			}
			o.explore = n
			continue
		}
		name = strings.TrimPrefix(name, "test.")
		boolean, ok := testFlags[name]
		if !ok {
			return nil, nil, fmt.Errorf("flag provided but not defined: -%s", name)
		}
		if !hasVal && !boolean {
			if i+1 >= len(argv) {
				return nil, nil, fmt.Errorf("flag needs an argument: -%s", name)
			}
			i++
			val, hasVal = argv[i], true
		}
		if name == "timeout" {
			hasTimeout = true
		}
		if name == "tags" {
			o.tags = val
			continue
		}
		if name == "json" {
			o.json = val != "false"
			continue
		}
		if hasVal {
			binFlags = append(binFlags, "-test."+name+"="+val)
		} else {
			binFlags = append(binFlags, "-test."+name+"=true")
		}
	}
	if o.json {
		// As go test -json runs the binary: verbose, with framing marks.
		kept := binFlags[:0]
		for _, f := range binFlags {
			if f != "-test.v=true" {
				kept = append(kept, f)
			}
		}
		binFlags = append(kept, "-test.v=test2json")
	}
	pre := []string{"-test.paniconexit0"}
	if !hasTimeout {
		pre = append(pre, "-test.timeout=10m0s")
	}
	return patterns, append(pre, binFlags...), nil
}

var errHelp = errors.New("help requested")

func settingNamed(flag string) *setting {
	for i := range settings {
		if settings[i].flag == flag {
			return &settings[i]
		}
	}
	return nil
}

// test runs spindle test.
func test(argv []string) int {
	opts, err := cliOptionsFrom(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spindle:", err)
		return 2
	}
	patterns, binFlags, err := testArgs(argv, &opts)
	if err == errHelp {
		fmt.Fprint(os.Stdout, helpTest+settingsHelp(true, true))
		return 0
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "spindle test: %v\nRun 'spindle help test' for usage.\n", err)
		return 2
	}
	verbose := false
	for _, f := range binFlags {
		if f == "-test.v=true" || strings.HasPrefix(f, "-test.list=") {
			verbose = true
		}
	}
	// With no packages, go test runs the current directory's, and shows
	// its output as it is written ("local directory mode"); so it does a
	// benchmark's.
	local := len(patterns) == 0
	stream := local
	for _, f := range binFlags {
		if strings.HasPrefix(f, "-test.bench=") {
			stream = true
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "spindle test:", err)
		return 1
	}
	if path := opts.cpuProfile; path != "" {
		pf, err := os.Create(path)
		if err == nil && pprof.StartCPUProfile(pf) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if opts.tags != "" {
		// Build tags reach the go command that lists the packages through
		// GOFLAGS (where go test would take -tags itself).
		os.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags="+opts.tags))
	}
	if opts.MaxStack == 0 {
		// gc's limit for a goroutine's stack: go-cmp's cycle detection,
		// for one, recurses tens of thousands of frames deep.
		opts.MaxStack = 1 << 30
	}
	pkgs, err := spindle.CompileTests(spindle.CompileOptions{MemPoints: opts.memPoints, Cache: cacheDir("test")}, wd, patterns...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	failed := false
	opts.multi = len(pkgs) > 1
	for _, t := range pkgs {
		if opts.json {
			if !jsonPackage(t, func(out io.Writer) bool {
				return testPackage(t, opts, binFlags, argv, out, true, true)
			}) {
				failed = true
			}
			continue
		}
		if !testPackage(t, opts, binFlags, argv, os.Stdout, verbose, stream) {
			failed = true
		}
	}
	if failed {
		// A final FAIL, in case an early failure scrolled away (not in
		// JSON, which tools read).
		if !local && !opts.json {
			fmt.Println("FAIL")
		}
		return 1
	}
	return 0
}

// testPackage runs t's test binary and reports it on out as go test does
// (verbose: the output of a passing binary is shown; stream: the output
// goes to out as it is written); it reports whether the package passed.
func testPackage(t *spindle.TestPackage, opts cliOptions, binFlags, argv []string, out io.Writer, verbose, stream bool) bool {
	switch {
	case t.NoTestFiles():
		fmt.Fprintf(out, "?   \t%s\t[no test files]\n", t.ImportPath)
		return true
	case t.Err != nil:
		fmt.Fprintf(os.Stderr, "# %s\n%v\n", t.ImportPath, t.Err)
		fmt.Fprintf(out, "FAIL\t%s [build failed]\n", t.ImportPath)
		return false
	}
	if opts.explore > 0 {
		return explore(t, opts, binFlags, argv, out)
	}
	var buf bytes.Buffer
	var w io.Writer = &buf
	if stream {
		w = io.MultiWriter(out, &buf)
	}
	ropts := opts.RunOptions
	ropts.Stdout, ropts.Stderr, ropts.Stdin = w, w, os.Stdin
	ropts.Args = append([]string{testBinaryName(t.ImportPath)}, binFlags...)
	if opts.traceFile != "" {
		// One file per test binary: the package's last path element
		// before the extension when several packages are tested.
		name := opts.traceFile
		if opts.multi {
			name = strings.TrimSuffix(name, ".json") + "." + path.Base(t.ImportPath) + ".json"
		}
		tf, err := os.Create(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "spindle test:", err)
			return false
		}
		defer tf.Close()
		ropts.Trace = tf
	}
	ropts.Env = os.Environ()
	ropts.Grants, ropts.MaxFiles = spindle.GrantAll, -1 // as go test
	ropts.Dir = t.Dir
	if d := testTimeout(binFlags); ropts.Timeout == 0 && d > 0 {
		// As go test does, the binary is stopped a minute after its own
		// -test.timeout, should its panic not come (a goroutine spinning
		// in a callback from host code).
		ropts.Timeout = d + time.Minute
	}
	start := time.Now()
	code, err := t.Program.Run(context.Background(), ropts)
	elapsed := time.Since(start)
	switch {
	case errors.Is(err, spindle.ErrTimeout):
		fmt.Fprintf(w, "*** Test killed: ran too long (%v).\n", ropts.Timeout)
	case err != nil && !reportedByGuest(err):
		fmt.Fprintln(w, err)
	}
	if code == 0 {
		if verbose && !stream {
			out.Write(buf.Bytes())
		}
		if buf.Len() > 0 && !bytes.HasSuffix(buf.Bytes(), []byte("\n")) && verbose && !stream {
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "ok  \t%s\t%.3fs%s\n", t.ImportPath, elapsed.Seconds(), noTestsToRun(buf.Bytes()))
		return true
	}
	if !stream {
		out.Write(buf.Bytes())
	}
	switch {
	case stream && !opts.json || buf.Len() == 0:
		// go test prints the status when it kept no output that says
		// why (what it streams it does not keep, but for -json).
		fmt.Fprintf(out, "exit status %d\n", code)
	case !bytes.HasSuffix(buf.Bytes(), []byte("\n")):
		fmt.Fprintln(out)
	}
	prefix := ""
	if opts.json {
		prefix = "\x16" // test2json's framing mark, as go test -json writes it
	}
	fmt.Fprintf(out, "%sFAIL\t%s\t%.3fs\n", prefix, t.ImportPath, elapsed.Seconds())
	return false
}

// testTimeout returns the test binary's -test.timeout (testArgs adds go
// test's default, 10m); 0 is none.
func testTimeout(binFlags []string) time.Duration {
	var d time.Duration
	for _, f := range binFlags {
		if v, ok := strings.CutPrefix(f, "-test.timeout="); ok {
			if t, err := time.ParseDuration(v); err == nil && t > 0 {
				d = t
			} else {
				d = 0
			}
		}
	}
	return d
}

// jsonPackage reports one package in test2json's format (spindle test
// -json): the Go toolchain's own converter, go tool test2json, reads what
// run writes (the binary runs with -test.v=test2json, as under go test
// -json) and writes the JSON events to stdout. It reports run's result.
func jsonPackage(t *spindle.TestPackage, run func(out io.Writer) bool) bool {
	cmd := exec.Command("go", "tool", "test2json", "-t", "-p", t.ImportPath)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil || cmd.Start() != nil {
		fmt.Fprintln(os.Stderr, "spindle test: -json needs go tool test2json:", err)
		return false
	}
	ok := run(in)
	in.Close()
	if err := cmd.Wait(); err != nil {
		fmt.Fprintln(os.Stderr, "spindle test: go tool test2json:", err)
	}
	return ok
}

// noTestsToRun returns go test's " [no tests to run]" when the binary
// said so.
func noTestsToRun(out []byte) string {
	if bytes.HasPrefix(out, []byte("testing: warning: no tests to run\n")) || bytes.Contains(out, []byte("\ntesting: warning: no tests to run\n")) {
		return " [no tests to run]"
	}
	return ""
}

// testBinaryName is os.Args[0] of a package's test binary: its last
// element with ".test", as go test names it.
func testBinaryName(importPath string) string {
	return importPath[strings.LastIndex(importPath, "/")+1:] + ".test"
}

// explore runs each test of t's binary under opts.explore schedules (spindle
// test -explore N): one shard, the seeds from -seed on (1 by default),
// each under the -sched strategy or, without one, a portfolio: every
// fourth schedule the bounded search's next path (dfsSearch), the others
// alternately the random walk and PCT. The first schedule that fails a test is reported with its
// output and the command that replays it; the test's exploration stops
// there. It reports whether every test passed every schedule.
func explore(t *spindle.TestPackage, opts cliOptions, binFlags, argv []string, out io.Writer) bool {
	start := time.Now()
	// A schedule runs on the virtual clock, which a goroutine that never
	// blocks stops: each gets the test timeout (default 10m) of real
	// time too.
	limit := testTimeout(binFlags)
	if limit == 0 {
		limit = 10 * time.Minute
	}
	runPat := "."
	for _, f := range binFlags {
		if p, ok := strings.CutPrefix(f, "-test.run="); ok {
			runPat = p
		}
	}
	runOnce := func(flags []string, seed uint64, sched string, log func([]int32)) (int, []byte) {
		var buf bytes.Buffer
		ro := opts.RunOptions
		ro.Stdout, ro.Stderr, ro.Stdin = &buf, &buf, os.Stdin
		ro.Args = append([]string{testBinaryName(t.ImportPath)}, flags...)
		ro.Env = os.Environ()
		ro.Grants, ro.MaxFiles = spindle.GrantAll, -1
		ro.Dir = t.Dir
		ro.Seed, ro.Sched, ro.SchedLog = seed, sched, log
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		code, err := t.Program.Run(ctx, ro)
		if err != nil {
			fmt.Fprintf(&buf, "spindle test: the schedule ran %v of real time (%v): a goroutine that never blocks stops the virtual clock\n", limit, err)
		}
		return code, buf.Bytes()
	}
	// The top-level tests -run selects, as the binary lists them; a
	// subtest pattern's other elements go to each test's -run.
	top, sub, _ := strings.Cut(runPat, "/")
	code, list := runOnce([]string{"-test.list=" + top}, 0, "", nil)
	if code != 0 {
		out.Write(list)
		fmt.Fprintf(out, "FAIL\t%s\t%.3fs\n", t.ImportPath, time.Since(start).Seconds())
		return false
	}
	var tests []string
	for _, line := range strings.Split(string(list), "\n") {
		if strings.HasPrefix(line, "Test") {
			tests = append(tests, line)
		}
	}
	base := opts.Seed
	if base == 0 {
		base = 1
	}
	ok := true
	runs := 0
	extra := replayFlags(argv)
	for _, name := range tests {
		pat := "^" + regexp.QuoteMeta(name) + "$"
		if sub != "" {
			pat += "/" + sub
		}
		search := dfsSearch{max: opts.explore}
		search.queue = append(search.queue, nil) // no delays: the run queue's order
		onlyDFS := strings.HasPrefix(opts.Sched, "dfs")
		portfolio := opts.Sched == "" || opts.Sched == "fifo"
		drawn := 0 // random and pct schedules so far
		for i := range opts.explore {
			seed := base + uint64(i)
			sched := opts.Sched
			var path []dfsChoice
			var log func([]int32)
			switch {
			case onlyDFS || portfolio && i%4 == 0 && len(search.queue) > 0:
				if len(search.queue) == 0 {
					break
				}
				path, search.queue = search.queue[0], search.queue[1:]
				seed, sched = base, formatPath(path)
				log = func(choices []int32) { search.ran(path, choices) }
			case portfolio:
				sched = [...]string{"random", "pct"}[drawn%2]
				drawn++
			}
			if sched == "dfs" && path == nil && i > 0 {
				break // -sched dfs: the bounded search is done
			}
			// The binary's flags are exactly the replay command's, so
			// that the replay runs the same code, host calls included
			// (each is a point where the schedule may switch).
			replay := append([]string{"-run", pat, "-sched", sched, "-seed", strconv.FormatUint(seed, 10)}, extra...)
			var ro cliOptions
			_, flags, err := testArgs(replay, &ro)
			if err != nil {
				fmt.Fprintln(os.Stderr, "spindle test:", err)
				return false
			}
			runs++
			code, res := runOnce(flags, seed, sched, log)
			if code == 0 {
				continue
			}
			ok = false
			out.Write(res)
			if len(res) > 0 && res[len(res)-1] != '\n' {
				fmt.Fprintln(out)
			}
			fmt.Fprintf(out, "--- schedule %d of %d fails %s (exit status %d); replay it with:\n\t%s\n",
				i+1, opts.explore, name, code, replayCommand(replay, t.ImportPath))
			break
		}
	}
	elapsed := time.Since(start).Seconds()
	if ok {
		fmt.Fprintf(out, "ok  \t%s\t%.3fs\t[%d schedules of %d tests]\n", t.ImportPath, elapsed, runs, len(tests))
		return true
	}
	fmt.Fprintf(out, "FAIL\t%s\t%.3fs\n", t.ImportPath, elapsed)
	return false
}

// dfsSearch is the bounded systematic part of -explore's portfolio: the
// paths of the dfs scheduler (internal/vm/explore.go) with at most
// dfsDelays delays, breadth first: the run queue's own order, then every
// path with one delay, then with two. A path's children are found by
// running it: each decision point after its last delay, with each choice
// but the default. The queue holds at most max paths (the schedules
// there are left to run at all).
type dfsSearch struct {
	queue [][]dfsChoice
	max   int
}

// dfsChoice is one delay: the step-th decision point takes choice index.
type dfsChoice struct{ step, index int }

// dfsDelays bounds the delays of a path: most concurrency bugs need one
// or two unusual orderings (PCT's depth, delay bounding's experience).
const dfsDelays = 2

// ran takes the decision points of path's run (each one's number of
// choices) and queues path's children.
func (d *dfsSearch) ran(path []dfsChoice, choices []int32) {
	if len(path) >= dfsDelays {
		return
	}
	from := 0
	if len(path) > 0 {
		from = path[len(path)-1].step + 1
	}
	for s := from; s < len(choices); s++ {
		for c := 1; c < int(choices[s]); c++ {
			if len(d.queue) >= d.max {
				return
			}
			d.queue = append(d.queue, append(slices.Clip(path), dfsChoice{s, c}))
		}
	}
}

// formatPath is the dfs scheduler's name for path (-sched dfs:STEP=CHOICE,...).
func formatPath(path []dfsChoice) string {
	var b strings.Builder
	b.WriteString("dfs")
	for i, c := range path {
		b.WriteString(":,"[min(i, 1) : min(i, 1)+1])
		b.WriteString(strconv.Itoa(c.step) + "=" + strconv.Itoa(c.index))
	}
	return b.String()
}

// replayCommand is the shell command that runs spindle test with args
// on pkg: the package before any -args, each word quoted where the shell
// would split or expand it.
func replayCommand(args []string, pkg string) string {
	words := []string{"spindle", "test"}
	i := slices.IndexFunc(args, func(a string) bool { return a == "-args" || a == "--args" })
	if i < 0 {
		i = len(args)
	}
	words = append(append(append(words, args[:i]...), pkg), args[i:]...)
	for j, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`*?[]^|&;<>(){}#~!") {
			words[j] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// replayFlags returns the test flags of argv that a replay needs: all but
// the package patterns and the ones the replay sets itself (-run, -seed,
// -sched, -explore, -count, -shards).
func replayFlags(argv []string) []string {
	var out []string
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if a == "-args" || a == "--args" {
			out = append(out, argv[i:]...)
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, _, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		name = strings.TrimPrefix(name, "test.")
		takesArg := false
		if st := settingNamed(name); st != nil {
			takesArg = st.arg != ""
		} else if boolean, ok := testFlags[name]; ok {
			takesArg = !boolean
		} else if name == "explore" {
			takesArg = true
		}
		skip := name == "run" || name == "seed" || name == "sched" || name == "explore" || name == "count" || name == "shards"
		if !skip {
			out = append(out, a)
		}
		if takesArg && !hasVal && i+1 < len(argv) {
			i++
			if !skip {
				out = append(out, argv[i])
			}
		}
	}
	return out
}
