// spindle-only
// shards: 1 2 4

// Shared.ReceiveMany takes up to len(buf) values at once, in FIFO order,
// parks while the channel is empty, drains after Close, then reports
// ErrClosed; senders parked on a full bounded channel are released.
package main

import (
	"fiber"
	"fmt"
)

func send(out *fiber.Shared[int]) int {
	for i := 0; i < 10000; i++ {
		out.Send(i)
	}
	out.Close()
	return 0
}

func main() {
	ch := fiber.NewSharedBounded[int](100)
	fiber.SpawnOn(fiber.ShardCount()-1, send, ch)
	buf := make([]int, 64)
	next, calls, maxBurst := 0, 0, 0
	inOrder := true
	for {
		n, err := ch.ReceiveMany(buf)
		if err != nil {
			fmt.Println("end:", err, n)
			break
		}
		calls++
		maxBurst = max(maxBurst, n)
		for _, v := range buf[:n] {
			if v != next {
				inOrder = false
			}
			next++
		}
	}
	fmt.Println("received", next, "in order", inOrder, "bursts at most 64", maxBurst <= 64, "calls", calls <= 10000)
}

// Output:
// end: fiber: channel closed 0
// received 10000 in order true bursts at most 64 true calls true
