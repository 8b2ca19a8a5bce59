// spindle-only
// shards: 1 2 4
// exit: 3

// os.Exit on any shard ends the whole run with its status.
package main

import (
	"fiber"
	"fmt"
	"os"
)

func quit(code int) int {
	fmt.Println("exiting from a shard")
	os.Exit(code)
	return 0
}

func main() {
	f := fiber.SpawnOn(fiber.ShardCount()-1, quit, 3)
	f.Join()
	fmt.Println("unreachable")
}

// Output:
// exiting from a shard
