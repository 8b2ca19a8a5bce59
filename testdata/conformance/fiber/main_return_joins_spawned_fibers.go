// spindle-only: package fiber is spindle's
// Rule: when main returns, every non-detached fiber is joined before exit;
// detached fibers and go fibers are not.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	for i := 0; i < 3; i++ {
		fiber.Spawn(func() int {
			for j := 0; j < 3; j++ {
				fiber.Yield()
			}
			fmt.Println("joined child", i, "finished")
			return i
		})
	}
	d := fiber.Spawn(func() int {
		block := make(chan int)
		<-block // never finishes: detached, so not waited for
		return 0
	})
	d.Detach()
	go func() {
		select {} // a go fiber: not waited for either
	}()
	fmt.Println("main returns")
}

// Output:
// main returns
// joined child 0 finished
// joined child 1 finished
// joined child 2 finished
