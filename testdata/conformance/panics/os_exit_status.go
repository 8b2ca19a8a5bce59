// exit: 3

package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("deferred calls do not run on os.Exit")
	fmt.Println("about to exit with 3")
	fmt.Fprintln(os.Stderr, "message on stderr")
	os.Exit(3)
}

// Output:
// about to exit with 3
