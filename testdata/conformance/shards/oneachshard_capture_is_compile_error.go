// compile-error: fiber.OnEachShard: the function sent to another shard captures total
// Rule: OnEachShard's function runs on every shard, so it must not capture
// variables either.
package main

import (
	"fiber"
	"fmt"
)

func main() {
	total := 0
	for _, f := range fiber.OnEachShard(func(shard int) { total += shard }) {
		f.Join()
	}
	fmt.Println(total)
}

// Output:
