// spindle-only: fiber.ThreadID is spindle's
// Rule: a fiber blocked in conn.Read resumes
// with the data when it arrives, while the same OS thread served the other
// fibers in the meantime: every fiber of the shard reports one thread id.
package main

import (
	"fmt"
	"net"

	"fiber"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	tids := map[int]bool{fiber.ThreadID(): true}
	got := make(chan string)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		defer c.Close()
		buf := make([]byte, 64)
		tids[fiber.ThreadID()] = true
		n, err := c.Read(buf) // parks: nothing sent yet
		tids[fiber.ThreadID()] = true
		got <- string(buf[:n])
	}()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	defer conn.Close()
	// Other fibers run while the reader is parked.
	worked := make(chan int)
	for i := 0; i < 10; i++ {
		go func() {
			tids[fiber.ThreadID()] = true
			fiber.Yield()
			worked <- i
		}()
	}
	sum := 0
	for i := 0; i < 10; i++ {
		sum += <-worked
	}
	fmt.Println("others ran while the reader waited:", sum)
	conn.Write([]byte("hello over loopback"))
	fmt.Println("reader got:", <-got)
	fmt.Println("distinct thread ids:", len(tids))
}

// Output:
// others ran while the reader waited: 45
// reader got: hello over loopback
// distinct thread ids: 1
