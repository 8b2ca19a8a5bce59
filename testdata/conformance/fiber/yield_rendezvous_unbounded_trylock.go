// spindle-only: package fiber is spindle's
// Rules: Yield runs another runnable fiber; a rendezvous channel's Send
// completes only with a Receive; the default channel is unbounded; TryLock
// under contention returns false without parking.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	// Yield.
	ran := false
	fiber.Spawn(func() int { ran = true; return 0 })
	fmt.Println("before yield:", ran)
	fiber.Yield()
	fmt.Println("after yield:", ran)

	// Rendezvous.
	r := fiber.NewBounded[string](0)
	sent := false
	s := fiber.Spawn(func() int {
		r.Send("hi")
		sent = true
		return 0
	})
	fiber.Yield()
	fmt.Println("sent before receive:", sent)
	v, _ := r.Receive()
	s.Join()
	fmt.Println("received", v, "sent:", sent)

	// Unbounded: 100000 sends never park.
	u := fiber.NewChannel[int]()
	for i := 0; i < 100000; i++ {
		if !u.TrySend(i) {
			fmt.Println("TrySend failed")
		}
		u.Send(i)
	}
	fmt.Println("unbounded len:", u.Len())

	// Bounded TrySend/TryReceive never park.
	b := fiber.NewBounded[int](1)
	fmt.Println(b.TrySend(1), b.TrySend(2))
	x, ok := b.TryReceive()
	y, ok2 := b.TryReceive()
	fmt.Println(x, ok, y, ok2)

	// Close: drain, then ErrClosed; Send on closed fails.
	b.Send(5)
	b.Close()
	b.Close()
	x, err := b.Receive()
	fmt.Println(x, err)
	_, err = b.Receive()
	fmt.Println(err, b.Send(6))

	// TryLock under contention.
	var mu fiber.Mutex
	mu.Lock()
	got := make(chan bool)
	fiber.Spawn(func() int { got <- mu.TryLock(); return 0 })
	fmt.Println("trylock while held:", <-got)
	mu.Unlock()
	fmt.Println("trylock when free:", mu.TryLock())
}

// Output:
// before yield: false
// after yield: true
// sent before receive: false
// received hi sent: true
// unbounded len: 200000
// true false
// 1 true 0 false
// 5 <nil>
// fiber: channel closed fiber: channel closed
// trylock while held: false
// trylock when free: true
