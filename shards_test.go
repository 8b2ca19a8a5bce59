package spindle_test

import (
	"path/filepath"
	"testing"

	"go.uber.org/goleak"

	"spindle"
)

// TestShardsRace runs every runnable shards/ conformance program on four
// shards. test.sh runs it under the race detector: shards share only the
// group's counters, inboxes, Shared channels and actor watches, and a race
// between them would show here. It also checks that a multi-shard run
// leaves no host goroutine (shard threads, pool workers) behind.
func TestShardsRace(t *testing.T) {
	defer goleak.VerifyNone(t)
	files, err := filepath.Glob("testdata/conformance/shards/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no shards programs: %v", err)
	}
	for _, path := range files {
		c := parseCase(t, path)
		if c.compileError != "" || c.skip != "" {
			continue
		}
		n := 4
		if len(c.shards) > 0 {
			n = c.shards[len(c.shards)-1]
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			stdout, stderr, code := runGuestOpts(t, c.path, spindle.RunOptions{Args: c.args, Shards: n})
			checkCase(t, c, stdout, stderr, code)
		})
	}
}
