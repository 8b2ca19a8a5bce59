package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// goTestCase is one run of a spindle test fixture (testdata/gotest).
type goTestCase struct {
	name, dir string
	args      []string
	exit      int
	stdout    string
}

func goTestCases(t *testing.T) []goTestCase {
	t.Helper()
	files, err := filepath.Glob("../../testdata/gotest/*.test")
	if err != nil || len(files) == 0 {
		t.Fatalf("no spindle test fixtures: %v", err)
	}
	var out []goTestCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(filepath.Dir(f))
		c := goTestCase{name: strings.TrimSuffix(filepath.Base(f), ".test"), dir: abs}
		head, stdout, _ := strings.Cut(string(b), "-- stdout --\n")
		c.stdout = stdout
		for _, line := range strings.Split(head, "\n") {
			k, v, _ := strings.Cut(line, ":")
			v = strings.TrimSpace(v)
			switch k {
			case "cd":
				c.dir = filepath.Join(c.dir, v)
			case "test":
				c.args = strings.Fields(v)
			case "exit":
				c.exit, _ = strconv.Atoi(v)
			}
		}
		out = append(out, c)
	}
	return out
}

var testTimes = regexp.MustCompile(`\(\d+\.\d+s\)|\t\d+\.\d+s`)

// normalizeTestTimes replaces the times go test prints, which vary.
func normalizeTestTimes(s string) string {
	return testTimes.ReplaceAllStringFunc(s, func(m string) string {
		if m[0] == '(' {
			return "(0.00s)"
		}
		return "\t0.000s"
	})
}

func runGoTestCase(t *testing.T, c goTestCase, cmd *exec.Cmd) {
	t.Helper()
	cmd.Dir = c.dir
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != c.exit {
		t.Errorf("exit status %d, want %d", code, c.exit)
	}
	if got := normalizeTestTimes(string(out)); got != c.stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, c.stdout)
	}
}

// TestSpindleTest runs spindle test on the fixtures of testdata/gotest: a
// module whose packages pass, fail, have examples, a TestMain, a fuzz
// target's seed corpus, a main package and no tests; the expected output
// is go test's (TestSpindleTestFixturesAgainstGo keeps it so).
func TestSpindleTest(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("spindle test needs the go command, which is not on PATH")
	}
	bin := buildCLI(t)
	for _, c := range goTestCases(t) {
		t.Run(c.name, func(t *testing.T) {
			runGoTestCase(t, c, exec.Command(bin, append([]string{"test"}, c.args...)...))
		})
	}
}

// TestSpindleTestFixturesAgainstGo checks the fixtures' expected output
// against go test itself (without go vet, which spindle test does not
// run).
func TestSpindleTestFixturesAgainstGo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, c := range goTestCases(t) {
		t.Run(c.name, func(t *testing.T) {
			runGoTestCase(t, c, exec.Command("go", append([]string{"test", "-vet=off", "-count=1"}, c.args...)...))
		})
	}
}

// TestSpindleTestExplore: spindle test -explore finds each of the six
// classic concurrency bugs of examples/explore within its schedules, and
// each printed replay command fails the same way every time.
func TestSpindleTestExplore(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("spindle test needs the go command, which is not on PATH")
	}
	bin := buildCLI(t)
	dir, _ := filepath.Abs("../../examples/explore")
	cmd := exec.Command(bin, "test", "-explore", "1000", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("spindle test -explore: %v, want exit status 1\n%s", err, out)
	}
	replays := regexp.MustCompile(`(?m)^--- schedule \d+ of 1000 fails (\w+) .*\n\tspindle test (.*)$`).FindAllStringSubmatch(string(out), -1)
	found := map[string]bool{}
	for _, r := range replays {
		found[r[1]] = true
	}
	for _, name := range []string{"TestLostUpdate", "TestCheckThenAct", "TestLostWakeup", "TestLockOrder", "TestTimeoutLeak", "TestAddAfterWait"} {
		if !found[name] {
			t.Errorf("-explore 1000 did not find %s's bug:\n%s", name, out)
		}
	}
	// The systematic search alone finds the deadlock with one delay, and
	// its replay names the path.
	cmd = exec.Command(bin, "test", "-sched", "dfs", "-explore", "1000", "-run", "^TestLockOrder$", ".")
	cmd.Dir = dir
	out, _ = cmd.Output()
	dfs := regexp.MustCompile(`(?m)^--- schedule \d+ of 1000 fails (\w+) .*\n\tspindle test (.*-sched dfs:\d+=\d+ .*)$`).FindAllStringSubmatch(string(out), -1)
	if len(dfs) != 1 {
		t.Errorf("-sched dfs -explore 1000 did not find TestLockOrder's deadlock with a delay:\n%s", out)
	}
	replays = append(replays, dfs...)
	// With memory points, it finds the lost update (a load and a store
	// no call separates); the replay keeps -explore-mem.
	cmd = exec.Command(bin, "test", "-explore-mem", "-sched", "dfs", "-explore", "1000", "-run", "^TestLostUpdate$", ".")
	cmd.Dir = dir
	out, _ = cmd.Output()
	mem := regexp.MustCompile(`(?m)^--- schedule \d+ of 1000 fails (\w+) .*\n\tspindle test (.*-sched dfs:\d+=\d+ .*-explore-mem.*)$`).FindAllStringSubmatch(string(out), -1)
	if len(mem) != 1 {
		t.Errorf("-explore-mem -sched dfs -explore 1000 did not find TestLostUpdate's bug:\n%s", out)
	}
	replays = append(replays, mem...)
	for _, r := range replays {
		args := strings.Fields(strings.ReplaceAll(r[2], "'", ""))
		var first string
		for i := range 3 {
			cmd := exec.Command(bin, append([]string{"test"}, args...)...)
			cmd.Dir = dir
			out, err := cmd.Output()
			if err == nil {
				t.Fatalf("replay %d of %s passed:\n%s", i, r[2], out)
			}
			got := normalizeTestTimes(string(out))
			if i == 0 {
				first = got
			} else if got != first {
				t.Errorf("replays of %s differ:\n%s\nfirst:\n%s", r[2], got, first)
			}
		}
	}
}

// TestSpindleTestJSON: spindle test -json writes the events go test -json
// writes for the fixtures (times and elapsed seconds aside; the packages'
// events interleave differently, so they are compared as sorted lines).
func TestSpindleTestJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	bin := buildCLI(t)
	dir, _ := filepath.Abs("../../testdata/gotest")
	norm := regexp.MustCompile(`"Time":"[^"]*",|"Elapsed":[0-9.]+|\(\d+\.\d+s\)|\\t\d+\.\d+s`)
	events := func(name string, args ...string) []string {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("%s %v: %v, want exit status 1 (failing fixtures)\n%s", name, args, err, out)
		}
		lines := strings.Split(strings.TrimSpace(norm.ReplaceAllString(string(out), "")), "\n")
		slices.Sort(lines)
		return lines
	}
	want := events("go", "test", "-vet=off", "-count=1", "-json", "./...")
	got := events(bin, "test", "-json", "./...")
	if !slices.Equal(got, want) {
		t.Errorf("spindle test -json:\n%s\n\ngo test -json:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// realModules are pure-Go modules whose own test suites spindle test runs
// against go test's verdicts (x/sync has parallel subtests and examples;
// toml and uniseg examples; kr/text plain tests; google/uuid is left
// out: its TestVersion6 fails under go test too when the machine is busy,
// "time reversed"). They come through the
// module proxy, as a user's go command fetches them.
var realModules = []string{
	"golang.org/x/sync@v0.25.0",
	"github.com/BurntSushi/toml@v1.6.0",
	"github.com/rivo/uniseg@v0.4.7",
	"github.com/kr/text@v0.2.0",
}

// TestSpindleTestRealModules: each package of the real modules' suites
// passes (or fails, or has no tests) under spindle test as under go test.
func TestSpindleTestRealModules(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches modules and runs their test suites under go test and spindle test")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	bin := buildCLI(t)
	scratch := t.TempDir()
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if err := os.WriteFile(filepath.Join(scratch, "go.mod"), []byte("module scratch\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	verdicts := func(out []byte) map[string]string {
		m := map[string]string{}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Split(line, "\t")
			if len(f) >= 2 && (f[0] == "ok  " || f[0] == "FAIL" || f[0] == "?   ") {
				m[strings.TrimSuffix(f[1], " [build failed]")] = f[0]
			}
		}
		return m
	}
	for _, mod := range realModules {
		t.Run(mod, func(t *testing.T) {
			cmd := exec.Command("go", "mod", "download", "-json", mod)
			cmd.Dir, cmd.Env = scratch, env
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go mod download %s: %v\n%s", mod, err, out)
			}
			var info struct{ Dir string }
			if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
				t.Fatalf("go mod download %s: %v\n%s", mod, err, out)
			}
			// A writable copy: suites write files of their own.
			dir := filepath.Join(t.TempDir(), "src")
			if err := os.CopyFS(dir, os.DirFS(info.Dir)); err != nil {
				t.Fatal(err)
			}
			run := func(name string, args ...string) map[string]string {
				cmd := exec.Command(name, args...)
				cmd.Dir, cmd.Env = dir, env
				out, _ := cmd.CombinedOutput()
				v := verdicts(out)
				if len(v) == 0 {
					t.Fatalf("%s %v reported no packages:\n%s", name, args, out)
				}
				return v
			}
			want := run("go", "test", "-vet=off", "-count=1", "./...")
			got := run(bin, "test", "./...")
			for pkg, w := range want {
				if got[pkg] != w {
					t.Errorf("%s: spindle test %q, go test %q", pkg, got[pkg], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("spindle test reported %d packages, go test %d", len(got), len(want))
			}
		})
	}
}

// TestSpindleTestSynctestDeadlock: a bubble whose goroutines all block
// with no timer to wait for panics with Go's message, at once.
func TestSpindleTestSynctestDeadlock(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("spindle test needs the go command, which is not on PATH")
	}
	bin := buildCLI(t)
	dir := t.TempDir()
	writeProg(t, dir, "go.mod", "module example.com/dl\n\ngo 1.25\n")
	writeProg(t, dir, "dl_test.go", `package dl

import (
	"testing"
	"testing/synctest"
)

func TestBlocked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := make(chan int)
		go func() { c <- 1 }()
		<-c
		<-c // nobody sends again
	})
}
`)
	cmd := exec.Command(bin, "test", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("spindle test: %v, want exit status 1\n%s", err, out)
	}
	if !strings.Contains(string(out), "panic: deadlock: all goroutines in bubble are blocked") {
		t.Errorf("no deadlock panic:\n%s", out)
	}
}
