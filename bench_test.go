package spindle_test

import (
	"context"
	"io"
	"testing"

	"spindle"
)

// Guest benchmarks: each runs a workload program from bench/ in-process
// (compiled once) and reports the cost per guest operation. Native Go
// baselines and ratios come from bench/run.sh; see docs/PERFORMANCE.md.

func benchGuest(b *testing.B, path string, arg string, ops float64, unit string) {
	prog, err := spindle.Compile(spindle.CompileOptions{}, path)
	if err != nil {
		b.Fatal(err)
	}
	opts := spindle.RunOptions{Stdout: io.Discard, Stderr: io.Discard, Args: []string{"bench", arg}, NoStarveWarning: true}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code, _ := prog.Run(context.Background(), opts); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/ops, "ns/"+unit)
}

// fib(25) makes 2*fib(26)-1 = 242785 calls.
func BenchmarkFibCall(b *testing.B) { benchGuest(b, "bench/fib/main.go", "25", 242785, "call") }

func BenchmarkLoopIteration(b *testing.B) {
	benchGuest(b, "bench/loop/main.go", "5000000", 5e6, "iter")
}

func BenchmarkPingPongMessage(b *testing.B) {
	benchGuest(b, "bench/pingpong/main.go", "200000", 2e5, "msg")
}

func BenchmarkRingHop(b *testing.B) { benchGuest(b, "bench/ring/main.go", "200000", 2e5, "hop") }

func BenchmarkSpawnJoin(b *testing.B) {
	benchGuest(b, "bench/spawn/main.go", "20000", 2e4, "goroutine")
}

// BenchmarkCompileHello measures compiling hello world once the std is
// type-checked (the per-program part of start-up).
func BenchmarkCompileHello(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := spindle.Compile(spindle.CompileOptions{}, "bench/hello/main.go"); err != nil {
			b.Fatal(err)
		}
	}
}
