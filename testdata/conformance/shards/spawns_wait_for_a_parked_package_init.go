// spindle-only
// shards: 2 4

// A shard's package initialisation may park (here an initialiser waits on
// a timer, as one reading a file waits on the syscall pool); fibers other
// shards start there meanwhile wait until every init has returned, as Go
// runs nothing but init's own goroutines before main: each sees the
// shard's variables initialised.
package main

import (
	"fiber"
	"fmt"
	"time"
)

var config = load()

func load() string {
	time.Sleep(20 * time.Millisecond) // parks the initialising fiber
	return "loaded"
}

var ready bool

func init() { ready = config == "loaded" }

func look(i int) string {
	return fmt.Sprint(i, " ", config, " ", ready)
}

func main() {
	// Several spawns reach shard 1 while its first fiber is still in
	// load: all of them must run after init.
	var fs []*fiber.Fiber[string]
	for i := 0; i < 5; i++ {
		fs = append(fs, fiber.SpawnOn(1, look, i))
	}
	for _, f := range fs {
		v, err := f.Join()
		fmt.Println(v, err)
	}
}

// Output:
// 0 loaded true <nil>
// 1 loaded true <nil>
// 2 loaded true <nil>
// 3 loaded true <nil>
// 4 loaded true <nil>
