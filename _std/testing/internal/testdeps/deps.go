// Package testdeps is spindle's testing/internal/testdeps: what the
// testing package needs of its test binary, which spindle test's
// generated main passes to testing.MainStart, as go test's does. spindle
// has no CPU or heap profiler, no coverage instrumentation and no fuzzing
// engine, so those report that; a fuzz target's seed corpus (f.Add and
// testdata/fuzz/<Name>) runs as under go test without -fuzz.
package testdeps

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"time"

	"internal/testlog"
)

// TestDeps is an implementation of the testing.testDeps interface,
// suitable for passing to testing.MainStart.
type TestDeps struct{}

// CorpusEntry is testing's corpusEntry (an alias of the same struct).
type CorpusEntry = struct {
	Parent     string
	Path       string
	Data       []byte
	Values     []any
	Generation int
	IsSeed     bool
}

var matchPat string
var matchRe *regexp.Regexp

// MatchString reports whether str matches the regular expression pat.
func (TestDeps) MatchString(pat, str string) (result bool, err error) {
	if matchRe == nil || matchPat != pat {
		matchPat = pat
		matchRe, err = regexp.Compile(matchPat)
		if err != nil {
			return
		}
	}
	return matchRe.MatchString(str), nil
}

var errNoProfiler = errors.New("spindle has no CPU or heap profiler for guest programs")

// StartCPUProfile reports that spindle cannot profile a test.
func (TestDeps) StartCPUProfile(w io.Writer) error { return errNoProfiler }

// StopCPUProfile does nothing.
func (TestDeps) StopCPUProfile() {}

// WriteProfileTo reports that spindle cannot profile a test.
func (TestDeps) WriteProfileTo(name string, w io.Writer, debug int) error {
	return errNoProfiler
}

// ImportPath is the import path of the testing binary, set by the
// generated main function.
var ImportPath string

// ImportPath returns the import path of the package under test.
func (TestDeps) ImportPath() string { return ImportPath }

// ModulePath is the module path of the package under test.
var ModulePath string

// ModulePath returns the module path of the package under test.
func (TestDeps) ModulePath() string { return ModulePath }

// StartTestLog does nothing: spindle's os logs nothing for go test's
// cache.
func (TestDeps) StartTestLog(w io.Writer) {}

// StopTestLog does nothing.
func (TestDeps) StopTestLog() error { return nil }

// SetPanicOnExit0 tells os to panic on calls to os.Exit(0).
func (TestDeps) SetPanicOnExit0(v bool) { testlog.SetPanicOnExit0(v) }

// CoordinateFuzzing reports that spindle has no fuzzing engine (-fuzz).
func (TestDeps) CoordinateFuzzing(timeout time.Duration, limit int64, minimizeTimeout time.Duration, minimizeLimit int64, parallel int, seed []CorpusEntry, types []reflect.Type, corpusDir, cacheDir string) error {
	return errors.New("spindle test does not fuzz (-fuzz); a fuzz target's seed corpus runs as a test")
}

// RunFuzzWorker reports that spindle has no fuzzing engine.
func (TestDeps) RunFuzzWorker(fn func(CorpusEntry) error) error {
	return errors.New("spindle test does not fuzz")
}

// ReadCorpus reads the seed corpus files of dir (testdata/fuzz/<Name>),
// each in the "go test fuzz v1" format, as values of types.
func (TestDeps) ReadCorpus(dir string, types []reflect.Type) ([]CorpusEntry, error) {
	return readCorpus(dir, types)
}

// CheckCorpus reports whether vals (a seed added with f.Add) have types.
func (TestDeps) CheckCorpus(vals []any, types []reflect.Type) error {
	if len(vals) != len(types) {
		return fmt.Errorf("wrong number of values in corpus entry: %d, want %d", len(vals), len(types))
	}
	valsT := make([]reflect.Type, len(vals))
	for valsI, v := range vals {
		valsT[valsI] = reflect.TypeOf(v)
	}
	for i := range types {
		if valsT[i] != types[i] {
			return fmt.Errorf("mismatched types in corpus entry: %v, want %v", valsT, types)
		}
	}
	return nil
}

// ResetCoverage does nothing: spindle does not instrument for coverage.
func (TestDeps) ResetCoverage() {}

// SnapshotCoverage does nothing.
func (TestDeps) SnapshotCoverage() {}

// InitRuntimeCoverage reports no coverage mode.
func (TestDeps) InitRuntimeCoverage() (mode string, tearDown func(string, string) (string, error), snapcov func() float64) {
	return
}
