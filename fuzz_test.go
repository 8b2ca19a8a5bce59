package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// Limits of one fuzzed run: small enough that a hostile program ends
// quickly, large enough that the seeds do real work.
var fuzzRunOptions = spindle.RunOptions{
	MemoryLimit: 64 << 20,
	MaxFibers:   1000,
	Fuel:        2 << 20,
	CPULimit:    2 * time.Second,
	Timeout:     2 * time.Second,
	MaxOutput:   256 << 10,
	MaxStack:    1 << 20,
	MaxFiles:    16,
	Shards:      1,
	FakeTime:    true,
}

// fuzzMaxSource is CompileOptions.MaxSourceBytes for fuzzed programs, and
// the largest seed taken.
const fuzzMaxSource = 64 << 10

// fuzzHang is how long a fuzzed compile or run may take before the test
// calls it hung. It is not a performance bound: the run's own Timeout
// (2 s) and the compile's context deadline end them long before; past
// fuzzHang one of them failed to.
const fuzzHang = 2 * time.Minute

// fuzzSeedCap bounds the GOROOT test programs seeded.
const fuzzSeedCap = 200

// fuzzSeeds returns the seed programs: the conformance corpus and a sample
// of Go's own test/*.go programs that run (`// run`). Under -short or a
// plain go test (not -fuzz) only a sample of each is taken, so the seed
// run stays short.
func fuzzSeeds(f *testing.F) []string {
	files, err := filepath.Glob("testdata/conformance/*/*.go")
	if err != nil || len(files) == 0 {
		f.Fatalf("no conformance programs: %v", err)
	}
	sort.Strings(files)
	var goroot []string
	if gr := spindle.GoRoot(); gr != "" {
		all, _ := filepath.Glob(filepath.Join(gr, "test", "*.go"))
		sort.Strings(all)
		for _, p := range all {
			src, err := os.ReadFile(p)
			if err == nil && bytes.HasPrefix(src, []byte("// run\n")) {
				goroot = append(goroot, p)
			}
		}
	}
	goroot = sample(goroot, fuzzSeedCap)
	if !fuzzing() {
		files, goroot = sample(files, 40), sample(goroot, 20)
	}
	var seeds []string
	for _, p := range append(files, goroot...) {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) <= fuzzMaxSource {
			seeds = append(seeds, string(src))
		}
	}
	return seeds
}

// sample returns at most n of paths, spread evenly over them.
func sample(paths []string, n int) []string {
	if len(paths) <= n {
		return paths
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, paths[i*len(paths)/n])
	}
	return out
}

// fuzzing reports whether the test binary runs with -fuzz (the fuzzing
// engine, not the seed corpus alone).
func fuzzing() bool {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.fuzz=") && a != "-test.fuzz=" {
			return true
		}
	}
	return false
}

// hostTrace reports whether s, a run's stderr or a compile error, shows a
// spindle bug or a host stack: spindle's BUG report, or a frame of the
// host's code (a guest's own traceback names only guest functions).
func hostTrace(s string) string {
	for _, bad := range []string{"BUG:", "spindle/internal/", "spindle.(", "golang.org/x/tools/", "runtime.gopanic", "/src/runtime/panic.go"} {
		if strings.Contains(s, bad) {
			return bad
		}
	}
	return ""
}

// FuzzCompileRun compiles a guest program from fuzzed source and, when it
// compiles, runs it embedded with tight limits and no grants. Whatever the
// source, neither may take the host down or hang, and neither may report
// a spindle bug or leak a host stack: a compile error, a guest panic or a
// limit are all fine. Over the seed corpus alone (plain go test), the runs
// must also leave no host goroutine behind.
func FuzzCompileRun(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	// Warm the process's std cache, so the first fuzzed compile is not the
	// one that pays for it against its deadline.
	if _, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "warm.go", Src: []byte("package main\nimport \"fmt\"\nfunc main() { fmt.Println() }\n")}); err != nil {
		f.Fatal(err)
	}
	if !fuzzing() {
		// Over the seeds, also: every run leaves no host goroutine behind.
		leaks := goleak.IgnoreCurrent()
		f.Cleanup(func() { goleak.VerifyNone(f, leaks) })
	}
	f.Fuzz(func(t *testing.T, src string) {
		compileRun(t, src)
	})
}

func compileRun(t *testing.T, src string) {
	type compiled struct {
		p   *spindle.Program
		err error
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cc := make(chan compiled, 1)
	go func() {
		p, err := spindle.CompileSourceContext(ctx, spindle.CompileOptions{MaxSourceBytes: fuzzMaxSource}, spindle.File{Name: "prog.go", Src: []byte(src)})
		cc <- compiled{p, err}
	}()
	var c compiled
	select {
	case c = <-cc:
	case <-time.After(fuzzHang):
		t.Fatalf("compile hung past its deadline")
	}
	if c.err != nil {
		if bad := hostTrace(c.err.Error()); bad != "" {
			t.Fatalf("compile error shows %q:\n%s", bad, clip(c.err.Error()))
		}
		return
	}
	var stdout, stderr bytes.Buffer
	o := fuzzRunOptions
	o.Stdout, o.Stderr = &stdout, &stderr
	r := c.p.Start(context.Background(), o)
	done := make(chan struct{})
	var code int
	var err error
	go func() {
		code, err = r.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(fuzzHang):
		t.Fatalf("run hung past its limits; goroutines:\n%s", clip(r.Dump()))
	}
	if code == 70 {
		t.Errorf("exit status 70 (a spindle bug)")
	}
	if err != nil && !isLimit(err) {
		t.Errorf("run ended by %v", err)
	}
	if bad := hostTrace(stderr.String()); bad != "" {
		t.Errorf("stderr shows %q", bad)
	}
	if t.Failed() {
		t.Logf("exit status %d, err %v\nstderr:\n%s", code, err, clip(stderr.String()))
	}
}

func isLimit(err error) bool {
	for _, l := range []error{spindle.ErrMemoryLimit, spindle.ErrStackLimit, spindle.ErrFiberLimit, spindle.ErrCPULimit, spindle.ErrTimeout, spindle.ErrOutputLimit} {
		if errors.Is(err, l) {
			return true
		}
	}
	return false
}
