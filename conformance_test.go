package spindle_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"spindle"
)

// guestCase is one self-checking guest program: its expected stdout, exit
// status and stderr fragments come from the program's own comments (see
// testdata/conformance/README.md).
type guestCase struct {
	path   string
	output string
	exit   int
	stderr []string
	args   []string
	stdin  string // the program's standard input (// stdin: "Go-quoted")
	skip   string
	// spindleOnly marks programs that use spindle's own packages (fiber):
	// they are not compared against the go toolchain.
	spindleOnly bool
	reductions  int
	// compileError is a fragment of the expected compile error; the
	// program must not compile.
	compileError string
	// shards lists the shard counts to run the program with (// shards:
	// 1 2 4); unordered compares stdout as a set of lines (// unordered),
	// for programs whose shards print concurrently.
	shards    []int
	unordered bool
}

func parseCase(t *testing.T, path string) guestCase {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := guestCase{path: path}
	var out []string
	inOutput := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		trim := strings.TrimSpace(line)
		switch {
		case trim == "// Output:":
			inOutput = true
			out = out[:0]
			continue
		case inOutput && (trim == "//" || strings.HasPrefix(line, "// ")):
			out = append(out, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
			continue
		case inOutput:
			inOutput = false
		}
		if v, ok := strings.CutPrefix(line, "// exit: "); ok {
			c.exit, _ = strconv.Atoi(strings.TrimSpace(v))
		}
		if v, ok := strings.CutPrefix(line, "// stderr: "); ok {
			c.stderr = append(c.stderr, v)
		}
		if v, ok := strings.CutPrefix(line, "// stdin: "); ok {
			in, err := strconv.Unquote(v)
			if err != nil {
				t.Fatalf("%s: bad stdin directive: %v", path, err)
			}
			c.stdin = in
		}
		if v, ok := strings.CutPrefix(line, "// args: "); ok {
			c.args = strings.Fields(v)
		}
		if v, ok := strings.CutPrefix(line, "// skip: "); ok {
			c.skip = v
		}
		if strings.HasPrefix(line, "// spindle-only") {
			c.spindleOnly = true
		}
		if v, ok := strings.CutPrefix(line, "// reductions: "); ok {
			c.reductions, _ = strconv.Atoi(strings.TrimSpace(v))
		}
		if v, ok := strings.CutPrefix(line, "// shards: "); ok {
			for _, f := range strings.Fields(v) {
				n, _ := strconv.Atoi(f)
				c.shards = append(c.shards, n)
			}
		}
		if strings.HasPrefix(line, "// unordered") {
			c.unordered = true
		}
		if v, ok := strings.CutPrefix(line, "// compile-error: "); ok {
			c.compileError = v
			c.spindleOnly = true
		}
	}
	if len(out) > 0 {
		c.output = strings.Join(out, "\n") + "\n"
	}
	return c
}

// runGuest compiles and runs one program in-process.
func runGuest(t *testing.T, path string, args []string, seed uint64) (stdout, stderr string, code int) {
	return runGuestOpts(t, path, spindle.RunOptions{Args: args, Seed: seed})
}

func runGuestOpts(t *testing.T, path string, opts spindle.RunOptions) (stdout, stderr string, code int) {
	t.Helper()
	prog, err := spindle.Compile(spindle.CompileOptions{}, path)
	if err != nil {
		return "", err.Error(), -1
	}
	return runProgram(t, prog, path, opts)
}

// runProgram runs prog, compiled from path, as runGuestOpts does.
func runProgram(t *testing.T, prog *spindle.Program, path string, opts spindle.RunOptions) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	// Generous: on 2 cores, heavy GOROOT programs (test/divmod.go) share the
	// machine with every other parallel test; a hang still fails.
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	if opts.Stdout == nil {
		opts.Stdout, opts.Stderr = &o, &e
	}
	opts.Args = append([]string{strings.TrimSuffix(filepath.Base(path), ".go")}, opts.Args...)
	// The corpus runs as under go run: with the host's files, network
	// and processes.
	opts.Grants = spindle.GrantAll
	code, err := prog.Run(ctx, opts)
	if err != nil {
		t.Errorf("%s: run ended by %v", path, err)
	}
	return o.String(), e.String(), code
}

func TestConformance(t *testing.T) {
	files, err := filepath.Glob("testdata/conformance/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance programs: %v", err)
	}
	sort.Strings(files)
	for _, path := range files {
		c := parseCase(t, path)
		name := strings.TrimSuffix(strings.TrimPrefix(path, "testdata/conformance/"), ".go")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if c.skip != "" {
				t.Skip(c.skip)
			}
			if c.compileError != "" {
				_, err := spindle.Compile(spindle.CompileOptions{}, c.path)
				if err == nil || !strings.Contains(err.Error(), c.compileError) {
					t.Errorf("want compile error containing %q, got %v", c.compileError, err)
				}
				return
			}
			if len(c.shards) == 0 {
				stdout, stderr, code := runGuestOpts(t, c.path, spindle.RunOptions{Args: c.args, Stdin: strings.NewReader(c.stdin), Reductions: c.reductions})
				checkCase(t, c, stdout, stderr, code)
				return
			}
			for _, n := range c.shards {
				t.Run(fmt.Sprintf("shards=%d", n), func(t *testing.T) {
					stdout, stderr, code := runGuestOpts(t, c.path, spindle.RunOptions{Args: c.args, Stdin: strings.NewReader(c.stdin), Reductions: c.reductions, Shards: n})
					checkCase(t, c, stdout, stderr, code)
				})
			}
		})
	}
}

func checkCase(t *testing.T, c guestCase, stdout, stderr string, code int) {
	t.Helper()
	if code != c.exit {
		t.Errorf("exit status %d, want %d\nstderr:\n%s", code, c.exit, clip(stderr))
	}
	if c.unordered {
		stdout, c.output = sortedLines(stdout), sortedLines(c.output)
	}
	if stdout != c.output {
		t.Errorf("stdout differs\n got:\n%s\nwant:\n%s\nstderr:\n%s", clip(stdout), clip(c.output), clip(stderr))
	}
	for _, s := range c.stderr {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr lacks %q\nstderr:\n%s", s, clip(stderr))
		}
	}
	if strings.Contains(stderr, "BUG:") {
		t.Errorf("spindle bug reported:\n%s", clip(stderr))
	}
}

// sortedLines returns s's lines sorted, for comparing outputs as sets.
func sortedLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "")
}

// TestConformanceAgainstGo checks that each program's expected output is
// what the real toolchain prints, so the corpus itself cannot drift.
func TestConformanceAgainstGo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go toolchain")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on PATH")
	}
	files, _ := filepath.Glob("testdata/conformance/*/*.go")
	tmp := t.TempDir()
	for _, path := range files {
		c := parseCase(t, path)
		name := strings.TrimSuffix(strings.TrimPrefix(path, "testdata/conformance/"), ".go")
		if c.spindleOnly {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if c.skip != "" {
				t.Skip(c.skip)
			}
			bin := filepath.Join(tmp, strings.ReplaceAll(name, "/", "_"))
			build := exec.Command(gobin, "build", "-o", bin, path)
			build.Env = append(os.Environ(), "GOFLAGS=")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			cmd := exec.Command(bin, c.args...)
			cmd.Stdin = strings.NewReader(c.stdin)
			var o, e bytes.Buffer
			cmd.Stdout, cmd.Stderr = &o, &e
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.exit || o.String() != c.output {
				t.Errorf("the program's expectations are wrong: go run gives exit %d, stdout:\n%s", code, clip(o.String()))
			}
			for _, s := range c.stderr {
				if !strings.Contains(e.String(), s) {
					t.Errorf("go run's stderr lacks %q:\n%s", s, clip(e.String()))
				}
			}
		})
	}
}

// TestGoroot runs Go's own test programs (test/ken, test/chan, the
// top-level test directory and, without -short, test/fixedbugs) marked
// "// run": each must exit 0 and print its .out file (or nothing).
// testdata/goroot_skip.txt lists the ones that need what spindle does not
// provide, with the reason.
func TestGoroot(t *testing.T) {
	root := filepath.Join(runtime.GOROOT(), "test")
	if _, err := os.Stat(root); err != nil {
		t.Skip("no GOROOT/test on this machine")
	}
	skips := map[string]string{}
	if b, err := os.ReadFile("testdata/goroot_skip.txt"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			name, why, _ := strings.Cut(line, " ")
			skips[name] = strings.TrimSpace(why)
		}
	}
	var files []string
	dirs := []string{"ken", "chan", "."}
	if !testing.Short() {
		dirs = append(dirs, "fixedbugs")
	}
	for _, dir := range dirs {
		fs, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		files = append(files, fs...)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(src, []byte("// run\n")) {
			continue
		}
		name := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		if filepath.Dir(path) == root {
			name = "test/" + filepath.Base(path)
		}
		// Programs that measure the (process-wide) heap run alone, in a
		// process of their own (as Go's harness runs every program): in
		// this one, the std packages every other test compiled make each
		// runtime.GC a collection of hundreds of megabytes.
		serial := bytes.Contains(src, []byte("ReadMemStats"))
		t.Run(name, func(t *testing.T) {
			if !serial {
				t.Parallel()
			}
			if why, ok := skips[name]; ok {
				t.Skip(why)
			}
			want := ""
			if b, err := os.ReadFile(strings.TrimSuffix(path, ".go") + ".out"); err == nil {
				want = string(b)
			}
			// Go's test harness compares stdout and stderr together, in the
			// order they were written (the print builtin writes to stderr).
			var both bytes.Buffer
			var errText string
			var code int
			// In GOROOT/test, as Go's harness runs them (some run the
			// go toolchain on files there).
			if serial {
				code = runGuestProcess(t, path, root, &both)
			} else {
				_, errText, code = runGuestOpts(t, path, spindle.RunOptions{Env: os.Environ(), Stdout: &both, Stderr: &both, Dir: root})
			}
			got := both.String() + errText
			if code != 0 || got != want {
				t.Errorf("exit %d\n got:\n%s\nwant:\n%s", code, clip(got), clip(want))
			}
		})
	}
}

// TestMain runs one guest program and exits with its status when
// SPINDLE_TEST_GUEST names it (runGuestProcess's child); else the tests.
func TestMain(m *testing.M) {
	if path := os.Getenv("SPINDLE_TEST_GUEST"); path != "" {
		os.Unsetenv("SPINDLE_TEST_GUEST")
		prog, err := spindle.Compile(spindle.CompileOptions{}, path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		code, err := prog.Run(context.Background(), spindle.RunOptions{
			Args: []string{strings.TrimSuffix(filepath.Base(path), ".go")}, Env: os.Environ(),
			Stdout: os.Stdout, Stderr: os.Stderr, NoStarveWarning: true, Grants: spindle.GrantAll,
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "run:", err)
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// runGuestProcess runs the guest program path in a new process (this test
// binary, see TestMain) in directory dir, its stdout and stderr into out,
// and returns its exit status.
func runGuestProcess(t *testing.T, path, dir string, out *bytes.Buffer) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, self)
	cmd.Env = append(os.Environ(), "SPINDLE_TEST_GUEST="+path)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, out, out
	cmd.WaitDelay = 10 * time.Second // should a grandchild hold the output open
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return -1
	}
	return 0
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "\n...(clipped)"
	}
	return s
}

// TestConformanceSchedulerModes runs the plain-Go corpus (programs whose
// output cannot depend on scheduling, since they match the go toolchain)
// under other scheduler settings: a reduction budget of 1 (a preemption at
// every call and back-edge) and another seed (other select choices and map
// orders).
func TestConformanceSchedulerModes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus twice more")
	}
	files, _ := filepath.Glob("testdata/conformance/*/*.go")
	modes := []struct {
		name string
		opts spindle.RunOptions
	}{
		{"budget1", spindle.RunOptions{Reductions: 1}},
		{"seed12345", spindle.RunOptions{Seed: 12345}},
	}
	for _, mode := range modes {
		for _, path := range files {
			c := parseCase(t, path)
			if c.spindleOnly || c.skip != "" {
				continue
			}
			name := mode.name + "/" + strings.TrimSuffix(strings.TrimPrefix(path, "testdata/conformance/"), ".go")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				opts := mode.opts
				opts.Args = c.args
				opts.Stdin = strings.NewReader(c.stdin)
				opts.NoStarveWarning = true
				stdout, stderr, code := runGuestOpts(t, c.path, opts)
				checkCase(t, c, stdout, stderr, code)
			})
		}
	}
}
