package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// stormLine is bench/storm's summary.
var stormLine = regexp.MustCompile(`storm: shards=\d+ slots=\d+ sent=(\d+) received=(\d+) lost=(-?\d+) cancels=(\d+) cancelled_sends=(\d+) .* ok\n`)

// TestStorm runs bench/storm, a cross-shard message storm in which main
// cancels random senders and receivers, three runs at a time on four
// shards, and cancels one run of each round (its context) at a random
// moment. Every run not cancelled must find each message whose Send
// returned nil received exactly once (the program checks and prints
// "ok"); a cancelled run must end with status 1 and context.Canceled; and
// when all have ended no host goroutine or descriptor may be left. test.sh
// runs it under the race detector, where the shards' threads, the Shared
// channels' locks and the cross-shard cancels and joins are checked.
//
// By default two rounds of one-second runs; SPINDLE_STORM=10m soaks for
// ten minutes (rounds of runs of up to 30 s), SPINDLE_STORM_SHARDS sets
// the shard count (bench/soak.sh storm).
func TestStorm(t *testing.T) {
	defer goleak.VerifyNone(t)
	total, runLen, rounds := 2*time.Second, time.Second, 2
	if v := os.Getenv("SPINDLE_STORM"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			t.Fatalf("SPINDLE_STORM=%q: want a positive duration", v)
		}
		total, runLen, rounds = d, min(d, 30*time.Second), 0
	}
	shards := 4
	if v := os.Getenv("SPINDLE_STORM_SHARDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("SPINDLE_STORM_SHARDS=%q: want a positive number", v)
		}
		shards = n
	}
	prog, err := spindle.Compile(spindle.CompileOptions{}, "bench/storm/main.go")
	if err != nil {
		t.Fatal(err)
	}
	fds := openFDs(t)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	seed := rng.Int64N(1 << 30)
	t.Logf("%d shards, runs of %v, seeds from %d", shards, runLen, seed)
	var (
		tot                                                sync.Mutex // guards the totals
		sent, cancels, cancelledSends, runs, cancelledRuns int64
	)
	start := time.Now()
	for round := 0; rounds == 0 && time.Since(start) < total || round < rounds; round++ {
		const perRound = 3
		victim := rng.IntN(perRound)
		delay := time.Duration(rng.Int64N(int64(runLen)))
		var wg sync.WaitGroup
		for i := range perRound {
			seed++
			seed := seed
			wg.Go(func() {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var out, errb bytes.Buffer
				var mu sync.Mutex
				var once sync.Once
				stderr := writerFunc(func(p []byte) (int, error) {
					mu.Lock()
					errb.Write(p)
					mu.Unlock()
					if i == victim && bytes.Contains(p, []byte("storm: running")) {
						// Fault injection, not synchronisation: the run
						// may end either way.
						once.Do(func() { time.AfterFunc(delay, cancel) })
					}
					return len(p), nil
				})
				args := []string{"storm", "-d", runLen.String(), "-seed", strconv.FormatInt(seed, 10)}
				code, err := prog.Run(ctx, spindle.RunOptions{Args: args, Shards: shards, Stdout: &out, Stderr: stderr, NoStarveWarning: true})
				mu.Lock()
				defer mu.Unlock()
				m := stormLine.FindStringSubmatch(out.String())
				switch {
				case i == victim && ctx.Err() != nil && m == nil:
					if code != 1 || !errors.Is(err, context.Canceled) {
						t.Errorf("seed %d: cancelled run: status %d, %v\n%s%s", seed, code, err, out.String(), errb.String())
					}
					tot.Lock()
					cancelledRuns++
					tot.Unlock()
				case code != 0 || err != nil || m == nil:
					t.Errorf("seed %d: status %d, %v\n%s%s", seed, code, err, out.String(), errb.String())
				default:
					tot.Lock()
					sent += atoi(m[1])
					cancels += atoi(m[4])
					cancelledSends += atoi(m[5])
					runs++
					tot.Unlock()
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			break
		}
	}
	t.Logf("%d runs checked (%d messages acknowledged and received once each, %d fibers cancelled, %d sends cancelled), %d runs cancelled, in %v",
		runs, sent, cancels, cancelledSends, cancelledRuns, time.Since(start).Round(time.Millisecond))
	if runs == 0 {
		t.Error("no run finished")
	}
	if after := openFDs(t); after != fds {
		t.Errorf("%d descriptors open after the runs, %d before", after, fds)
	}
}

func atoi(s string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		panic(fmt.Sprintf("atoi(%q)", s))
	}
	return n
}
