// syscall's process ids and page size agree with os's.
package main

import (
	"fmt"
	"os"
	"syscall"
)

func main() {
	fmt.Println(syscall.Getpagesize(), syscall.Getuid() == os.Getuid(), syscall.Getgid() == os.Getgid(), syscall.Geteuid() >= 0, syscall.Getppid() > 0, syscall.Getegid() >= 0)
}

// Output:
// 4096 true true true true true
