package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"spindle"
)

// moduleCase is one run of a module fixture (testdata/modules/README.md).
type moduleCase struct {
	name   string
	dir    string
	args   []string // the package, then the program's arguments
	exit   int
	stderr []string
	stdout string
	// spindleOnly: what spindle does differs from go run (a feature it
	// refuses with a compile error).
	spindleOnly bool
}

func moduleCases(t *testing.T) []moduleCase {
	t.Helper()
	files, err := filepath.Glob("testdata/modules/*/*.test")
	if err != nil || len(files) == 0 {
		t.Fatalf("no module fixtures: %v", err)
	}
	var out []moduleCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(filepath.Dir(f))
		c := moduleCase{name: strings.TrimSuffix(strings.TrimPrefix(f, "testdata/modules/"), ".test"), dir: abs}
		head, stdout, _ := strings.Cut(string(b), "-- stdout --\n")
		c.stdout = stdout
		for _, line := range strings.Split(head, "\n") {
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "cd":
				c.dir = filepath.Join(c.dir, v)
			case "run":
				c.args = strings.Fields(v)
			case "exit":
				c.exit, _ = strconv.Atoi(v)
			case "stderr":
				c.stderr = append(c.stderr, v)
			}
			if line == "spindle-only" {
				c.spindleOnly = true
			}
		}
		if len(c.args) == 0 {
			t.Fatalf("%s: no run: line", f)
		}
		out = append(out, c)
	}
	return out
}

// TestModules runs programs made of several packages and modules (a
// module's own packages, replace, go.work, vendor/, internal/ rules) the
// way `spindle run` does: Compile from the fixture's directory.
func TestModules(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("modules are resolved by the go command, which is not on PATH")
	}
	cache := t.TempDir()
	for _, c := range moduleCases(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(c.dir)
			var stdout, stderr bytes.Buffer
			code := 0
			// Compiled twice with a compile cache: the second compile
			// reads the first's program back (but for programs that
			// embed files, which are not cached), and that is the one
			// run.
			opts := spindle.CompileOptions{Cache: cache}
			spindle.Compile(opts, c.args[0])
			prog, err := spindle.Compile(opts, c.args[0])
			if err == nil && spindle.FromCache(prog) == strings.Contains(c.name, "embed") {
				t.Errorf("read from the cache: %v", spindle.FromCache(prog))
			}
			if err != nil {
				code = 2
				stderr.WriteString(err.Error())
			} else {
				code, err = prog.Run(context.Background(), spindle.RunOptions{
					Stdout: &stdout, Stderr: &stderr, Args: append([]string{"prog"}, c.args[1:]...), Grants: spindle.GrantAll,
				})
				if err != nil {
					t.Fatalf("run: %v", err)
				}
			}
			checkModuleRun(t, c, code, stdout.String(), stderr.String())
		})
	}
}

// TestModulesAgainstGo runs the same fixtures with `go run`, which must
// print the expected output (a build failure: exit 1, where spindle's
// compile errors exit 2).
func TestModulesAgainstGo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go run")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	for _, c := range moduleCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if c.spindleOnly {
				t.Skip("spindle-only")
			}
			cmd := exec.Command(goCmd, append([]string{"run"}, c.args...)...)
			cmd.Dir = c.dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if c.exit == 2 && code == 1 {
				code = 2 // a build failure
			}
			checkModuleRun(t, c, code, stdout.String(), stderr.String())
		})
	}
}

func checkModuleRun(t *testing.T, c moduleCase, code int, stdout, stderr string) {
	t.Helper()
	if code != c.exit {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, c.exit, stderr)
	}
	if stdout != c.stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, c.stdout)
	}
	for _, s := range c.stderr {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr does not contain %q:\n%s", s, stderr)
		}
	}
}
