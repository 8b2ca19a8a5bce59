package main

import (
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
