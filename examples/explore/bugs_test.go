package bugs

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

func TestLostUpdate(t *testing.T) {
	var a Account
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.Deposit(10)
		}()
	}
	wg.Wait()
	if got := a.Balance(); got != 20 {
		t.Fatalf("balance %d after two deposits of 10, want 20", got)
	}
}

func TestCheckThenAct(t *testing.T) {
	var c Cache
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Get("k", func() int { return 42 })
		}()
	}
	wg.Wait()
	if c.Computed != 1 {
		t.Fatalf("computed %d times, want once", c.Computed)
	}
}

func TestLostWakeup(t *testing.T) {
	q := NewQueue()
	done := make(chan int)
	go func() { done <- q.Take() }()
	q.Put(7)
	if v := <-done; v != 7 {
		t.Fatalf("took %d, want 7", v)
	}
}

func TestLockOrder(t *testing.T) {
	var b Bank
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); b.Transfer(0, 1, 5) }()
	go func() { defer wg.Done(); b.Transfer(1, 0, 5) }()
	wg.Wait()
}

func TestTimeoutLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	backend := func() int {
		runtime.Gosched()
		return 1
	}
	FirstResult(backend, time.Millisecond)
	// Give a finished backend goroutine a moment to exit.
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		runtime.Gosched()
	}
	t.Fatalf("%d goroutines left behind", runtime.NumGoroutine()-before)
}

func TestAddAfterWait(t *testing.T) {
	if got := SumAll([]int{1, 2, 3}); got != 14 {
		t.Fatalf("SumAll = %d, want 14", got)
	}
}
