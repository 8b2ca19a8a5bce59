// compile-error: fiber.NewShared: type main.Account cannot cross shards: field Lock has type sync.Mutex (a mutex)
// Rule: a value sent through a Shared channel is deep-copied to another
// shard, so its type must not hold a mutex.
package main

import (
	"fiber"
	"fmt"
	"sync"
)

type Account struct {
	Owner   string
	Balance int
	Lock    sync.Mutex
}

func main() {
	s := fiber.NewShared[Account]()
	fmt.Println(s.Len())
}

// Output:
