// spindle-only: package fiber is spindle's
// Rule: Join of self or of an ancestor returns ErrJoinWouldDeadlock at once.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	var self *fiber.Fiber[int]
	self = fiber.Spawn(func() int {
		fiber.Yield()
		_, err := self.Join()
		fmt.Println("self:", err)
		return 1
	})
	var parent *fiber.Fiber[int]
	parent = fiber.Spawn(func() int {
		child := fiber.Spawn(func() int {
			_, err := parent.Join()
			fmt.Println("ancestor:", err)
			return 2
		})
		v, _ := child.Join()
		return v
	})
	fmt.Println(self.Join())
	fmt.Println(parent.Join())
}

// Output:
// self: fiber: join would deadlock
// ancestor: fiber: join would deadlock
// 1 <nil>
// 2 <nil>
