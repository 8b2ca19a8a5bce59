package pass

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{{"a b c", 3}, {"", 0}, {"  x  ", 1}} {
		t.Run(tc.in, func(t *testing.T) {
			if got := len(Words(tc.in)); got != tc.want {
				t.Errorf("Words(%q) = %d words, want %d", tc.in, got, tc.want)
			}
		})
	}
}

func TestParallelSubtests(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	t.Run("group", func(t *testing.T) {
		for _, name := range []string{"one", "two", "three"} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				mu.Lock()
				seen[name] = true
				mu.Unlock()
			})
		}
	})
	// The group returns only once its parallel subtests have finished.
	if len(seen) != 3 {
		t.Fatalf("parallel subtests seen: %v", seen)
	}
}

func TestCleanupOrder(t *testing.T) {
	var order []int
	t.Run("inner", func(t *testing.T) {
		t.Cleanup(func() { order = append(order, 1) })
		t.Cleanup(func() { order = append(order, 2) })
	})
	if len(order) != 2 || order[0] != 2 || order[1] != 1 {
		t.Fatalf("cleanups ran in order %v, want [2 1]", order)
	}
}

func TestTempDirAndSetenv(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOTEST_FIXTURE", "set")
	if os.Getenv("GOTEST_FIXTURE") != "set" {
		t.Fatal("Setenv did not set")
	}
}

func TestChdir(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := filepath.EvalSymlinks(dir); wd != want {
		t.Fatalf("Getwd = %q, want %q", wd, want)
	}
}

func TestContext(t *testing.T) {
	ctx := t.Context()
	if ctx.Err() != nil {
		t.Fatal("context done while the test runs")
	}
	var done context.Context
	t.Run("sub", func(t *testing.T) { done = t.Context() })
	if done.Err() == nil {
		t.Fatal("a finished subtest's context is not done")
	}
}

func TestSkipped(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in short mode")
	}
	t.Log("not short")
}

func TestCounter(t *testing.T) {
	var c Counter
	check := func(want int) {
		t.Helper()
		if got := c.Inc(); got != want {
			t.Errorf("Inc() = %d, want %d", got, want)
		}
	}
	check(1)
	check(2)
	t.Log("counted to", c.n)
}

func BenchmarkWords(b *testing.B) {
	for b.Loop() {
		Words("the quick brown fox")
	}
}
