package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"spindle"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain gives the tests' spindle commands a compile cache of their own
// (SPINDLE_CACHE), not the user's.
func TestMain(m *testing.M) {
	if os.Getenv("SPINDLE_CACHE") == "" {
		dir, err := os.MkdirTemp("", "spindle-cache-")
		if err != nil {
			panic(err)
		}
		os.Setenv("SPINDLE_CACHE", dir)
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// The compile cache: a second run of a program reads it back and behaves
// the same; an edit compiles again; a damaged entry is a miss; spindle
// clean -cache empties it; SPINDLE_CACHE=off writes nothing.
func TestCLICompileCache(t *testing.T) {
	bin := buildCLI(t)
	dir := t.TempDir()
	cacheDir := t.TempDir()
	prog := writeProg(t, dir, "main.go", "package main\n\nimport (\n\t\"encoding/json\"\n\t\"fmt\"\n)\n\ntype T struct {\n\tA int `json:\"a\"`\n}\n\nfunc main() {\n\tb, _ := json.Marshal(T{1})\n\tfmt.Println(string(b))\n}\n")
	runIt := func(env ...string) string {
		t.Helper()
		cmd := exec.Command(bin, "run", prog)
		cmd.Env = append(os.Environ(), append([]string{"SPINDLE_CACHE=" + cacheDir}, env...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return string(out)
	}
	entries := func() []string {
		m, _ := filepath.Glob(filepath.Join(cacheDir, "??", "*-p"))
		return m
	}
	if out := runIt(); out != "{\"a\":1}\n" {
		t.Fatalf("first run: %q", out)
	}
	first := entries()
	if len(first) != 1 {
		t.Fatalf("entries after one run: %v", first)
	}
	st, _ := os.Stat(first[0])
	if out := runIt(); out != "{\"a\":1}\n" {
		t.Fatalf("cached run: %q", out)
	}
	if st2, _ := os.Stat(first[0]); len(entries()) != 1 || !st2.ModTime().Equal(st.ModTime()) {
		t.Fatalf("cached run wrote the cache: %v", entries())
	}
	writeProg(t, dir, "main.go", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"edited\") }\n")
	if out := runIt(); out != "edited\n" {
		t.Fatalf("after an edit: %q", out)
	}
	if len(entries()) != 2 {
		t.Fatalf("entries after an edit: %v", entries())
	}
	for _, e := range entries() {
		b, _ := os.ReadFile(e)
		os.WriteFile(e, b[:len(b)/2], 0o666)
	}
	if out := runIt(); out != "edited\n" {
		t.Fatalf("with a damaged entry: %q", out)
	}
	// GOEXPERIMENT selects std files: a program compiled with one is not
	// read back without it.
	v2 := writeProg(t, dir, "v2.go", "package main\n\nimport (\n\t\"encoding/json/v2\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tb, _ := json.Marshal(map[string]int{\"a\": 1})\n\tfmt.Println(string(b))\n}\n")
	for _, exp := range []string{"jsonv2", ""} {
		cmd := exec.Command(bin, "run", v2)
		cmd.Env = append(os.Environ(), "SPINDLE_CACHE="+cacheDir, "GOEXPERIMENT="+exp)
		out, err := cmd.CombinedOutput()
		if exp != "" && (err != nil || string(out) != "{\"a\":1}\n") {
			t.Fatalf("GOEXPERIMENT=jsonv2: %v\n%s", err, out)
		}
		if exp == "" && err == nil {
			t.Fatalf("without GOEXPERIMENT=jsonv2, encoding/json/v2 ran from the cache:\n%s", out)
		}
	}
	cmd := exec.Command(bin, "clean", "-cache")
	cmd.Env = append(os.Environ(), "SPINDLE_CACHE="+cacheDir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clean: %v\n%s", err, out)
	}
	if len(entries()) != 0 {
		t.Fatalf("entries after clean: %v", entries())
	}
	if out := runIt("SPINDLE_CACHE=off"); out != "edited\n" {
		t.Fatalf("cache off: %q", out)
	}
	if len(entries()) != 0 {
		t.Fatalf("SPINDLE_CACHE=off wrote %v", entries())
	}
}

// buildCLI builds the spindle command into the test's temporary directory.
func buildCLI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "spindle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func writeProg(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCLI(t *testing.T) {
	bin := buildCLI(t)
	dir := t.TempDir()
	writeProg(t, dir, "a.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Println(helper(), os.Args[1:])\n\tif len(os.Args) > 2 {\n\t\tos.Exit(4)\n\t}\n}\n")
	writeProg(t, dir, "b.go", "package main\n\nfunc helper() string { return \"from b\" }\n")
	bad := writeProg(t, t.TempDir(), "bad.go", "package main\n\nfunc main() {\n\tx := 1\n}\n")
	// The command's process is the program's: syscall.Exec replaces it
	// (after the output so far), as under go run.
	execs := writeProg(t, t.TempDir(), "exec.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"syscall\"\n)\n\nfunc main() {\n\tfmt.Println(\"before\")\n\tfmt.Println(syscall.Exec(\"/bin/sh\", []string{\"sh\", \"-c\", \"echo replaced; exit 3\"}, nil))\n}\n")
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"directory with args", []string{"run", dir, "--"}, 0, "from b [--]\n"},
		{"files", []string{"run", filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go"), "y"}, 0, "from b [y]\n"},
		{"exit status", []string{"run", dir, "p", "q"}, 4, "from b [p q]\n"},
		{"compile error", []string{"run", bad}, 2, ""},
		{"directory, then arguments", []string{"run", dir, "a.go"}, 0, "from b [a.go]\n"},
		{"help", []string{"help"}, 0, help},
		{"unknown command", []string{"bogus"}, 2, ""},
		{"run without files", []string{"run"}, 2, ""},
		{"help run", []string{"help", "run"}, 0, helpRun + settingsHelp(true, false)},
		{"run -h", []string{"run", "-h"}, 0, helpRun + settingsHelp(true, false)},
		{"bad flag", []string{"run", "-seed", "x", dir}, 2, ""},
		{"flags before the package", []string{"run", "-seed", "7", "-shards", "1", "-starve-warning=false", dir, "-seed"}, 0, "from b [-seed]\n"},
		{"env var", []string{"env", "SPINDLE_SEED"}, 0, "\n"},
		{"syscall.Exec", []string{"run", execs}, 3, "before\nreplaced\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != tc.code || out.String() != tc.out {
				t.Errorf("exit %d stdout %q stderr %q; want %d %q", code, out.String(), errb.String(), tc.code, tc.out)
			}
			if tc.name == "compile error" && !strings.Contains(errb.String(), "bad.go:4:2: declared and not used: x") {
				t.Errorf("compile error text: %q", errb.String())
			}
			if tc.name == "bad flag" && errb.String() != "spindle run: invalid value \"x\" for flag -seed: want an unsigned integer\nRun 'spindle help run' for usage.\n" {
				t.Errorf("bad flag text: %q", errb.String())
			}
			if tc.name == "unknown command" && errb.String() != "spindle bogus: unknown command\nRun 'spindle help' for usage.\n" {
				t.Errorf("unknown command text: %q", errb.String())
			}
		})
	}
}

// spindle version goes through the command's dispatch to version().
func TestVersionCommand(t *testing.T) {
	out, err := exec.Command(buildCLI(t), "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "spindle ") || !strings.Contains(string(out), runtime.Version()) {
		t.Errorf("spindle version: %q, %v", out, err)
	}
}

// SIGQUIT prints every fiber's stack and exits with status 2, like Go.
func TestSIGQUITDump(t *testing.T) {
	bin := buildCLI(t)
	prog := writeProg(t, t.TempDir(), "q.go", `package main

import (
	"fmt"
	"time"
)

func main() {
	go func() { time.Sleep(time.Hour) }()
	fmt.Println("ready")
	select {}
}
`)
	cmd, _, errb := startProg(t, bin, prog)
	cmd.Process.Signal(syscall.SIGQUIT)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v", err)
	}
	for _, want := range []string{"SIGQUIT: quit", "goroutine 1 [select (no cases)]:\nmain.main()", "goroutine 2 [sleep]:"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
}

// startProg is startReading for a program that does not read its input:
// `spindle run prog`, its first line "ready" read; killed after 30 s.
func startProg(t *testing.T, bin, prog string) (*exec.Cmd, *bufio.Reader, *bytes.Buffer) {
	t.Helper()
	cmd, r, _, errb := startReading(t, bin, []string{prog})
	return cmd, r, errb
}

// TestSignalsReachTheProgram: signals the program registered for with
// os/signal reach its channels (and NotifyContext), in order, and the
// program goes on to exit normally.
func TestSignalsReachTheProgram(t *testing.T) {
	bin := buildCLI(t)
	prog := writeProg(t, t.TempDir(), "sig.go", `package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM, syscall.SIGHUP)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGUSR1)
	defer stop()
	fmt.Println("ready")
	fmt.Println("got", <-c)
	fmt.Println("got", <-c)
	<-ctx.Done()
	fmt.Println("ctx:", context.Cause(ctx))
}
`)
	cmd, r, errb := startProg(t, bin, prog)
	want := []string{"got terminated\n", "got hangup\n", "ctx: user defined signal 1 signal received\n"}
	for i, s := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1} {
		cmd.Process.Signal(s)
		if line, _ := r.ReadString('\n'); line != want[i] {
			t.Errorf("after %v: got %q, want %q", s, line, want[i])
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v, stderr %s", err, errb.String())
	}
}

// TestUnhandledSignalEndsTheRun: a signal the program does not handle
// unwinds the run (deferred calls run) and then ends the process by that
// signal, as it ends a Go program.
func TestUnhandledSignalEndsTheRun(t *testing.T) {
	bin := buildCLI(t)
	prog := writeProg(t, t.TempDir(), "sleep.go", `package main

import (
	"fmt"
	"time"
)

func main() {
	defer fmt.Println("deferred call ran")
	fmt.Println("ready")
	time.Sleep(time.Hour)
}
`)
	cmd, r, _ := startProg(t, bin, prog)
	cmd.Process.Signal(syscall.SIGTERM)
	rest, _ := io.ReadAll(r)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok {
		t.Fatalf("exit: %v", err)
	}
	ws, _ := ee.Sys().(syscall.WaitStatus)
	if !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("process ended with %v, want killed by SIGTERM", ws)
	}
	if string(rest) != "deferred call ran\n" {
		t.Errorf("stdout after the signal: %q", rest)
	}
}

// A program waiting on standard input (a pipe, the host's descriptor 0)
// parks only the reading goroutine: the shard's thread still flushes the
// output before the read, answers SIGQUIT with a dump that shows the
// reader parked, and ends the run on SIGTERM; input that comes later is
// read. Each way of reading: fmt.Scan, bufio.Scanner, and fmt.Scan in a
// program without package os. ("ready" reaches the test only once main
// waits in the read: the shard flushes its output when it goes idle.)
func TestStdinPipeParksOnlyTheReader(t *testing.T) {
	bin := buildCLI(t)
	dir := t.TempDir()
	withOS := writeProg(t, dir, "in.go", `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	fmt.Println("ready")
	if os.Args[1] == "scan" {
		var a, b int
		n, err := fmt.Scan(&a, &b)
		fmt.Println(n, err, a+b)
		return
	}
	s := bufio.NewScanner(os.Stdin)
	for s.Scan() {
		fmt.Println("line", s.Text())
	}
	fmt.Println("err", s.Err())
}
`)
	noOS := writeProg(t, t.TempDir(), "noos.go", `package main

import "fmt"

func main() {
	fmt.Println("ready")
	var a, b int
	n, err := fmt.Scan(&a, &b)
	fmt.Println(n, err, a+b)
}
`)
	progs := []struct {
		name string
		args []string
		fed  string // stdout after "ready" once "5 6\n7 8\n" is fed
	}{
		{"scan", []string{withOS, "scan"}, "2 <nil> 11\n"},
		{"scanner", []string{withOS, "lines"}, "line 5 6\nline 7 8\nerr <nil>\n"},
		{"scan without os", []string{noOS}, "2 <nil> 11\n"},
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Run("fed later", func(t *testing.T) {
				cmd, r, in, errb := startReading(t, bin, p.args)
				io.WriteString(in, "5 6\n7 8\n")
				in.Close()
				rest, _ := io.ReadAll(r)
				if err := cmd.Wait(); err != nil || string(rest) != p.fed {
					t.Errorf("exit %v, stdout %q, want %q; stderr %s", err, rest, p.fed, errb.String())
				}
			})
			t.Run("SIGQUIT", func(t *testing.T) {
				cmd, _, _, errb := startReading(t, bin, p.args)
				cmd.Process.Signal(syscall.SIGQUIT)
				err := cmd.Wait()
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
					t.Fatalf("exit: %v", err)
				}
				for _, want := range []string{"SIGQUIT: quit", "goroutine 1 [syscall]:", "main.main()"} {
					if !strings.Contains(errb.String(), want) {
						t.Errorf("stderr lacks %q:\n%s", want, errb.String())
					}
				}
			})
			t.Run("SIGTERM", func(t *testing.T) {
				cmd, _, _, _ := startReading(t, bin, p.args)
				cmd.Process.Signal(syscall.SIGTERM)
				err := cmd.Wait()
				ee, ok := err.(*exec.ExitError)
				if !ok {
					t.Fatalf("exit: %v", err)
				}
				if ws, _ := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
					t.Errorf("process ended with %v, want killed by SIGTERM", ws)
				}
			})
		})
	}
}

// startReading starts `spindle run args...` with its standard input a pipe
// (in) and waits for its first line, "ready". The process is killed after
// 30 seconds (or when the test ends), so a run that never gets there fails
// instead of hanging.
func startReading(t *testing.T, bin string, args []string) (*exec.Cmd, *bufio.Reader, io.WriteCloser, *bytes.Buffer) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, append([]string{"run"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	if line, _ := r.ReadString('\n'); line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("got %q, want \"ready\" (the read holds the shard's thread?); stderr %s", line, errb.String())
	}
	return cmd, r, in, &errb
}

// The SPINDLE_* variables map to run options; unset ones keep the
// library's zero-value defaults, and malformed ones are errors.
func TestRunOptionsFromEnvironment(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want spindle.RunOptions
		err  string
	}{
		{env: nil, want: spindle.RunOptions{}},
		{env: map[string]string{"SPINDLE_SEED": "7", "SPINDLE_REDUCTIONS": "1", "SPINDLE_STACK_MAX": "4096", "SPINDLE_SHARDS": "3"},
			want: spindle.RunOptions{Seed: 7, Reductions: 1, MaxStack: 4096, Shards: 3}},
		{env: map[string]string{"SPINDLE_PIN": "1", "SPINDLE_STARVE_WARNING": "0", "SPINDLE_IO": "epoll"},
			want: spindle.RunOptions{Pin: true, NoStarveWarning: true, EventLoop: "epoll"}},
		{env: map[string]string{"SPINDLE_PIN": "0", "SPINDLE_STARVE_WARNING": "1"}, want: spindle.RunOptions{}},
		{env: map[string]string{"SPINDLE_MAXFIBERS": "10000", "SPINDLE_CPULIMIT": "10s", "SPINDLE_FUEL": "1000000", "SPINDLE_TIMEOUT": "1m30s", "SPINDLE_MAXOUTPUT": "1GiB"},
			want: spindle.RunOptions{MaxFibers: 10000, CPULimit: 10 * time.Second, Fuel: 1000000, Timeout: 90 * time.Second, MaxOutput: 1 << 30}},
		{env: map[string]string{"SPINDLE_MAXOUTPUT": "off"}, want: spindle.RunOptions{MaxOutput: -1}},
		{env: map[string]string{"SPINDLE_CPULIMIT": "10"}, err: `bad SPINDLE_CPULIMIT="10": want a positive duration such as 10s`},
		{env: map[string]string{"SPINDLE_TIMEOUT": "-1s"}, err: `bad SPINDLE_TIMEOUT="-1s": want a positive duration such as 10s`},
		{env: map[string]string{"SPINDLE_MAXFIBERS": "0"}, err: `bad SPINDLE_MAXFIBERS="0": want a positive integer`},
		{env: map[string]string{"SPINDLE_FUEL": "x"}, err: `bad SPINDLE_FUEL="x": want a positive integer`},
		{env: map[string]string{"SPINDLE_SEED": "-1"}, err: `bad SPINDLE_SEED="-1": want an unsigned integer`},
		{env: map[string]string{"SPINDLE_SHARDS": "0"}, err: `bad SPINDLE_SHARDS="0": want a positive integer`},
		{env: map[string]string{"SPINDLE_REDUCTIONS": "x"}, err: `bad SPINDLE_REDUCTIONS="x": want a positive integer`},
		{env: map[string]string{"SPINDLE_PIN": "yes"}, err: `bad SPINDLE_PIN="yes": want 0 or 1`},
		{env: map[string]string{"SPINDLE_IO": "kqueue"}, err: `bad SPINDLE_IO="kqueue": want batch, epoll or uring`},
	}
	for _, tc := range tests {
		got, err := runOptions(func(k string) string { return tc.env[k] })
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%v: error %v, want %q", tc.env, err, tc.err)
			}
		case err != nil:
			t.Errorf("%v: %v", tc.env, err)
		case !reflect.DeepEqual(got, tc.want):
			t.Errorf("%v: got %+v, want %+v", tc.env, got, tc.want)
		}
	}
}

func TestVersion(t *testing.T) {
	var b bytes.Buffer
	version(&b)
	want := " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	if !strings.HasPrefix(b.String(), "spindle ") || !strings.HasSuffix(b.String(), want) {
		t.Errorf("version %q, want spindle ...%s", b.String(), want)
	}
}

// spindle env prints every setting as NAME='value', the environment's
// values, and GOROOT; with names, only their values; -json an object.
func TestEnvCommand(t *testing.T) {
	env := map[string]string{"SPINDLE_SEED": "42", "SPINDLE_IO": "it's"}
	getenv := func(k string) string { return env[k] }
	var b bytes.Buffer
	if code := envCommand(&b, nil, getenv); code != 0 {
		t.Fatalf("exit %d", code)
	}
	out := b.String()
	for _, want := range []string{"SPINDLE_SEED='42'\n", "SPINDLE_SHARDS=''\n", "SPINDLE_IO='it'\\''s'\n", "GOROOT='"} {
		if !strings.Contains(out, want) {
			t.Errorf("spindle env output lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	envCommand(&b, []string{"SPINDLE_SEED", "SPINDLE_PIN"}, getenv)
	if b.String() != "42\n\n" {
		t.Errorf("spindle env SPINDLE_SEED SPINDLE_PIN: %q", b.String())
	}
	b.Reset()
	envCommand(&b, []string{"-json", "SPINDLE_SEED"}, getenv)
	if b.String() != "{\n\t\"SPINDLE_SEED\": \"42\"\n}\n" {
		t.Errorf("spindle env -json: %q", b.String())
	}
	if code := envCommand(&b, []string{"NOPE"}, getenv); code != 2 {
		t.Errorf("unknown variable: exit %d, want 2", code)
	}
}

// A flag overrides its variable; the flag's own parse errors name it.
func TestRunFlagsOverrideEnvironment(t *testing.T) {
	o, err := cliOptionsFrom(func(k string) string { return map[string]string{"SPINDLE_SEED": "1", "SPINDLE_SHARDS": "4"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	rest, err := runFlags([]string{"-seed", "9", "-pin", "-io", "epoll", "-cpuprofile", "p.out", "prog.go", "-seed", "3"}, &o)
	if err != nil {
		t.Fatal(err)
	}
	if o.Seed != 9 || o.Shards != 4 || !o.Pin || o.EventLoop != "epoll" || o.cpuProfile != "p.out" {
		t.Errorf("options %+v", o)
	}
	if !reflect.DeepEqual(rest, []string{"prog.go", "-seed", "3"}) {
		t.Errorf("rest %q", rest)
	}
	if _, err := runFlags([]string{"-shards", "0"}, &o); err == nil || !strings.Contains(err.Error(), "want a positive integer") {
		t.Errorf("-shards 0: %v", err)
	}
}

// The limit flags end a run as documented: Go's fatal error on stderr
// (not repeated by the command) and exit status 2, or for -timeout the
// run cancelled, the command's own line and status 1; the variables set
// them too, and spindle test keeps -timeout for go test's.
func TestCLILimits(t *testing.T) {
	bin := buildCLI(t)
	dir := t.TempDir()
	bomb := writeProg(t, dir, "bomb.go", "package main\n\nfunc main() {\n\tfor {\n\t\tgo func() { select {} }()\n\t}\n}\n")
	spin := writeProg(t, dir, "spin.go", "package main\n\nfunc main() {\n\tfor {\n\t}\n}\n")
	sleep := writeProg(t, dir, "sleep.go", "package main\n\nimport \"time\"\n\nfunc main() {\n\tdefer println(\"deferred\")\n\ttime.Sleep(time.Hour)\n}\n")
	printer := writeProg(t, dir, "print.go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor {\n\t\tfmt.Print(\"0123456789abcdef\")\n\t}\n}\n")
	tests := []struct {
		name   string
		env    []string
		args   []string
		code   int
		stdout int    // bytes
		stderr string // its beginning
	}{
		{"maxfibers", nil, []string{"run", "-maxfibers", "100", bomb}, 2, 0, "fatal error: spindle: goroutine limit (100) exceeded\n\ngoroutine 1 [running]:\nmain.main()"},
		{"SPINDLE_MAXFIBERS", []string{"SPINDLE_MAXFIBERS=50"}, []string{"run", bomb}, 2, 0, "fatal error: spindle: goroutine limit (50) exceeded\n"},
		{"cpulimit", nil, []string{"run", "-cpulimit", "100ms", spin}, 2, 0, "fatal error: spindle: CPU limit (100ms) exceeded\n\ngoroutine 1 ["},
		{"fuel", nil, []string{"run", "-fuel", "100000", spin}, 2, 0, "fatal error: spindle: fuel limit (100000 reductions) exceeded\n"},
		{"timeout", nil, []string{"run", "-timeout", "100ms", sleep}, 1, 0, "deferred\nspindle: the run exceeded its timeout (100ms)\n"},
		{"maxoutput", nil, []string{"run", "-maxoutput", "1KiB", printer}, 2, 1024, "fatal error: spindle: output limit (1 KiB) exceeded\n"},
		{"bad duration", nil, []string{"run", "-cpulimit", "10", spin}, 2, 0, "spindle run: invalid value \"10\" for flag -cpulimit: want a positive duration such as 10s\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			cmd.Env = append(os.Environ(), tc.env...)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != tc.code || out.Len() != tc.stdout || !strings.HasPrefix(errb.String(), tc.stderr) || strings.Contains(errb.String(), "the run exceeded its") != (tc.name == "timeout") {
				t.Errorf("exit %d, %d bytes of stdout, stderr:\n%.1000s\nwant exit %d, %d bytes, stderr beginning %q", code, out.Len(), errb.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
	var o cliOptions
	_, flags, err := testArgs([]string{"-timeout", "30s", "./..."}, &o)
	if err != nil || o.Timeout != 0 || !slices.Contains(flags, "-test.timeout=30s") {
		t.Errorf("spindle test -timeout: %v, options' Timeout %v, binary flags %q", err, o.Timeout, flags)
	}
	var h bytes.Buffer
	if helpCommand(&h, []string{"test"}); strings.Contains(h.String(), "-timeout DURATION") || !strings.Contains(h.String(), "-maxfibers N") {
		t.Errorf("spindle help test lists the settings' -timeout, or not -maxfibers:\n%s", h.String())
	}
}
