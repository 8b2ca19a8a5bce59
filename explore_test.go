package spindle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"spindle"
)

// interleavings is a program whose output is the order in which three
// goroutines pass their synchronisation points.
const interleavings = `package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var trace []byte
	for _, c := range "abc" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 4 {
				mu.Lock()
				trace = append(trace, byte(c))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Println(string(trace))
}
`

// The exploring schedulers: one seed is one schedule, replayed exactly;
// seeds differ in the interleavings they produce, where the default
// scheduler always produces the same one.
func TestExploringSchedulers(t *testing.T) {
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "inter.go", Src: []byte(interleavings)})
	if err != nil {
		t.Fatal(err)
	}
	run := func(sched string, seed uint64) string {
		var out bytes.Buffer
		if code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Sched: sched, Seed: seed}); code != 0 || err != nil {
			t.Fatalf("%s seed %d: exit %d, %v", sched, seed, code, err)
		}
		return out.String()
	}
	fifo := map[string]bool{}
	for seed := range uint64(10) {
		fifo[run("", seed)] = true
	}
	if len(fifo) != 1 {
		t.Errorf("the default scheduler gave %d interleavings over 10 seeds, want 1: %v", len(fifo), fifo)
	}
	for _, sched := range []string{"random", "pct"} {
		seen := map[string]bool{}
		for seed := range uint64(40) {
			a := run(sched, seed)
			if b := run(sched, seed); a != b {
				t.Errorf("%s seed %d: two runs differ:\n%s%s", sched, seed, a, b)
			}
			seen[a] = true
		}
		if len(seen) < 5 {
			t.Errorf("%s: only %d distinct interleavings over 40 seeds: %v", sched, len(seen), seen)
		}
	}
	var stderr bytes.Buffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stderr: &stderr, Sched: "lifo"})
	if code != 2 || err == nil || !strings.Contains(err.Error(), `unknown scheduler "lifo"`) {
		t.Errorf("Sched lifo: exit %d, %v; want 2 and an error naming it", code, err)
	}
}

// The dfs scheduler: a path is replayed exactly, SchedLog reports the
// decision points, and the paths with one delay, derived from them, give
// interleavings the run queue's own order does not.
func TestDFSScheduler(t *testing.T) {
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "inter.go", Src: []byte(interleavings)})
	if err != nil {
		t.Fatal(err)
	}
	run := func(sched string) (string, []int32) {
		var out bytes.Buffer
		var choices []int32
		o := spindle.RunOptions{Stdout: &out, Sched: sched, Seed: 1, SchedLog: func(c []int32) { choices = c }}
		if code, err := prog.Run(context.Background(), o); code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v", sched, code, err)
		}
		return out.String(), choices
	}
	base, choices := run("dfs")
	if len(choices) < 10 {
		t.Fatalf("dfs: %d decision points (%v); three goroutines locking 12 times make more", len(choices), choices)
	}
	seen := map[string]bool{base: true}
	paths := 0
	for step, n := range choices {
		for c := 1; c < int(n); c++ {
			sched := fmt.Sprintf("dfs:%d=%d", step, c)
			a, ca := run(sched)
			if b, cb := run(sched); a != b || fmt.Sprint(ca) != fmt.Sprint(cb) {
				t.Errorf("%s: two runs differ:\n%s%s", sched, a, b)
			}
			if fmt.Sprint(ca[:step]) != fmt.Sprint(choices[:step]) {
				t.Errorf("%s: the decision points before the delay differ from the undelayed run's", sched)
			}
			seen[a] = true
			paths++
		}
	}
	if len(seen) < 4 {
		t.Errorf("%d paths with one delay gave only %d interleavings: %v", paths, len(seen), seen)
	}
	for _, bad := range []string{"dfs:", "dfs:3", "dfs:3=0", "dfs:5=1,2=1", "dfs:x=1"} {
		if code, err := prog.Run(context.Background(), spindle.RunOptions{Sched: bad}); code != 2 || err == nil || !strings.Contains(err.Error(), "scheduler") {
			t.Errorf("Sched %q: exit %d, %v; want 2 and an error", bad, code, err)
		}
	}
}

// MemPoints puts a synchronisation point after the program's own loads,
// stores and map accesses, and none in the standard library's code; the
// dfs search then splits a read-modify-write that no call interrupts.
func TestMemPoints(t *testing.T) {
	const src = `package main

import (
	"fmt"
	"strings"
	"sync"
)

var hits int

func main() {
	var wg sync.WaitGroup
	seen := map[string]bool{}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hits++
		}()
	}
	wg.Wait()
	seen[strings.ToUpper("x")] = true
	fmt.Println(hits, len(seen))
}
`
	plain, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "race.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	mem, err := spindle.CompileSource(spindle.CompileOptions{MemPoints: true}, spindle.File{Name: "race.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	if d := plain.Disasm(""); strings.Contains(d, "mempoint") {
		t.Errorf("compiled without MemPoints, the program has memory points")
	}
	if d := mem.Disasm("main."); strings.Count(d, "mempoint") < 3 {
		t.Errorf("main's functions have %d memory points, want one per load, store and map update:\n%s", strings.Count(d, "mempoint"), d)
	}
	if d := mem.Disasm("strings."); strings.Contains(d, "mempoint") {
		t.Errorf("the standard library's functions have memory points")
	}
	// The search over one delay finds the lost update only with them.
	lost := func(p *spindle.Program) bool {
		var out bytes.Buffer
		var choices []int32
		p.Run(context.Background(), spindle.RunOptions{Stdout: &out, Sched: "dfs", SchedLog: func(c []int32) { choices = c }})
		if out.String() != "2 1\n" {
			t.Fatalf("without delays: %q", out.String())
		}
		for step, n := range choices {
			for c := 1; c < int(n); c++ {
				out.Reset()
				p.Run(context.Background(), spindle.RunOptions{Stdout: &out, Sched: fmt.Sprintf("dfs:%d=%d", step, c)})
				if out.String() == "1 1\n" {
					return true
				}
			}
		}
		return false
	}
	if lost(plain) {
		t.Errorf("without memory points, a delay split hits++ (no call or channel operation is inside it)")
	}
	if !lost(mem) {
		t.Errorf("with memory points, no path with one delay lost an update")
	}
}

// The virtual clock: an hour of sleeping, a ticker and a context deadline
// pass at once, and time reads as Go's synctest has it.
func TestFakeTime(t *testing.T) {
	src := `package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	fmt.Println(start.UTC().Format(time.RFC3339))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	done := make(chan bool)
	go func() {
		time.Sleep(time.Hour)
		done <- true
	}()
	tk := time.NewTicker(7 * time.Minute)
	ticks := 0
	for waiting := true; waiting; {
		select {
		case <-tk.C:
			ticks++
		case <-done:
			waiting = false
		}
	}
	tk.Stop()
	fmt.Println(ticks, time.Since(start))
	<-ctx.Done()
	fmt.Println(ctx.Err(), time.Since(start))
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "fake.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	start := time.Now()
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, FakeTime: true})
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	// Ticks at 7, 14, ... 56 minutes, then the sleeper at 60.
	want := "2000-01-01T00:00:00Z\n8 1h0m0s\ncontext deadline exceeded 2h0m0s\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("two virtual hours took %v of real time", d)
	}
}

// Unicode's tables are pure initialisers the compiler leaves out when
// nothing refers to them; a program's package-level variables that do
// refer to them must find them made, whatever order the compiler meets
// the packages in (it walks a map: compile several times).
func TestPrunedTablesKeptWhenReferenced(t *testing.T) {
	src := `package main

import (
	"fmt"
	"unicode"
)

var tbl = unicode.Han
var two = []*unicode.RangeTable{unicode.Greek, unicode.Letter}

func main() {
	fmt.Println(unicode.Is(tbl, '中'), unicode.Is(two[0], 'λ'), unicode.Is(two[1], 'x'), len(unicode.Scripts) > 100)
}
`
	for i := range 15 {
		prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "han.go", Src: []byte(src)})
		if err != nil {
			t.Fatal(err)
		}
		var out, stderr bytes.Buffer
		code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &stderr})
		if code != 0 || err != nil || out.String() != "true true true true\n" {
			t.Fatalf("compile %d: exit %d, %v, output %q\n%s", i, code, err, out.String(), stderr.String())
		}
	}
}

// The execution trace: Chrome trace-event JSON with a running span per
// slice on each goroutine's track, the waits named for their reasons,
// and an arrow from each go statement to the goroutine's first slice.
func TestTrace(t *testing.T) {
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "inter.go", Src: []byte(interleavings)})
	if err != nil {
		t.Fatal(err)
	}
	var trace bytes.Buffer
	if code, err := prog.Run(context.Background(), spindle.RunOptions{Trace: &trace, Shards: 1}); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	var doc struct {
		TraceEvents []struct {
			Name, Cat, Ph string
			Ts, Dur, Tid  int64
			ID            int64
		}
	}
	if err := json.Unmarshal(trace.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, trace.String())
	}
	running := map[int64]bool{}
	waits := map[string]bool{}
	starts, ends := map[int64]int64{}, map[int64]int64{}
	for _, e := range doc.TraceEvents {
		switch {
		case e.Ph == "X" && e.Cat == "run":
			running[e.Tid] = true
		case e.Ph == "X" && e.Cat == "wait":
			waits[e.Name] = true
		case e.Ph == "s":
			starts[e.ID] = e.Tid
		case e.Ph == "f":
			ends[e.ID] = e.Tid
		}
	}
	if len(running) != 4 {
		t.Errorf("running spans on %d goroutines, want 4 (main and three)", len(running))
	}
	if !waits["sync.WaitGroup.Wait"] {
		t.Errorf("no wait named sync.WaitGroup.Wait among %v", waits)
	}
	if len(starts) != 3 || len(ends) != 3 {
		t.Errorf("%d go-statement arrows starting, %d ending; want 3", len(starts), len(ends))
	}
	for id, from := range starts {
		if from != 1 || ends[id] == 1 {
			t.Errorf("arrow %d goes from goroutine %d to %d; want from main (1) to another", id, from, ends[id])
		}
	}
}

// A map of more than 8 entries is not walked as a rotation of its
// insertion order (gc's order is its hashes'), so code that depends on
// insertion order fails under spindle as under gc.
func TestMapOrderNotInsertionRotation(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	m := map[int]bool{}
	for i := range 20 {
		m[i] = true
	}
	for range 30 {
		for k := range m {
			fmt.Print(k, " ")
		}
		fmt.Println()
	}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "order.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out}); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	rotations := 0
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var ks []int
		for _, f := range strings.Fields(line) {
			var k int
			fmt.Sscan(f, &k)
			ks = append(ks, k)
		}
		if len(ks) != 20 {
			t.Fatalf("an iteration produced %d keys, want 20: %q", len(ks), line)
		}
		rotation := true
		for i := 1; i < len(ks); i++ {
			if ks[i] != (ks[i-1]+1)%20 {
				rotation = false
			}
		}
		if rotation {
			rotations++
		}
	}
	if rotations > 10 {
		t.Errorf("%d of 30 iterations were rotations of insertion order:\n%s", rotations, out.String())
	}
}
