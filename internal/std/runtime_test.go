package std

import (
	"testing"

	"spindle/internal/vm"
)

// runtime.GOMAXPROCS behaves like Go's: it returns the previous setting,
// the run's shard count; n > 0 sets it, n <= 0 only reports. fiber's
// ProcessorCount sees the same count.
func TestGOMAXPROCSIsTheShardCount(t *testing.T) {
	g := vm.NewGroup(&vm.Program{}, vm.Config{}, 3, false)
	f := &vm.Fiber{M: g.Main()}
	gomaxprocs := func(n int) int64 {
		args := []vm.Value{vm.Int(int64(n))}
		Host["runtime.GOMAXPROCS"](f, args, args)
		return args[0].Int()
	}
	processorCount := func() int64 {
		res := []vm.Value{{}}
		Host["fiber.fiber_processor_count"](f, nil, res)
		return res[0].Int()
	}
	steps := []struct {
		n    int
		want int64 // the previous setting
	}{
		{0, 3},
		{-1, 3},
		{5, 3},
		{0, 5},
		{1, 5},
		{0, 1},
		{2, 1},
	}
	for _, s := range steps {
		if got := gomaxprocs(s.n); got != s.want {
			t.Fatalf("GOMAXPROCS(%d) = %d, want %d", s.n, got, s.want)
		}
	}
	if got := processorCount(); got != 2 {
		t.Errorf("fiber.ProcessorCount() = %d after GOMAXPROCS(2), want 2", got)
	}
	if got := g.Count(); got != 2 {
		t.Errorf("Group.Count() = %d after GOMAXPROCS(2), want 2", got)
	}
}
