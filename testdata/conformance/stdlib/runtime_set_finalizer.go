// Rule: runtime.SetFinalizer runs the finalizer, in a new goroutine with
// the object as its argument, once the collector finds the object
// unreachable (here: nearly all of 100 objects after a few forced
// collections); a finalizer taking an interface gets the object boxed;
// a nil finalizer clears it; the object stays usable inside.
package main

import (
	"fmt"
	"runtime"
	"time"
)

type T struct{ id int }

func main() {
	done := make(chan int, 200)
	for i := 0; i < 100; i++ {
		t := &T{id: i}
		if i%2 == 0 {
			runtime.SetFinalizer(t, func(t *T) { done <- t.id })
		} else {
			runtime.SetFinalizer(t, func(x any) { done <- x.(*T).id })
		}
	}
	cleared := &T{id: -1}
	runtime.SetFinalizer(cleared, func(t *T) { done <- t.id })
	runtime.SetFinalizer(cleared, nil)

	seen := map[int]bool{}
	deadline := time.Now().Add(10 * time.Second)
	for len(seen) < 90 && time.Now().Before(deadline) {
		runtime.GC()
		// Take every finalizer this collection queued, not one per
		// collection: a forced collection can be slow on a busy machine.
		wait := time.After(20 * time.Millisecond)
	collect:
		for {
			select {
			case id := <-done:
				seen[id] = true
			case <-wait:
				break collect
			}
		}
	}
	fmt.Println("finalized at least 90 of 100:", len(seen) >= 90, "cleared one ran:", seen[-1])
	runtime.KeepAlive(cleared)
}

// Output:
// finalized at least 90 of 100: true cleared one ran: false
