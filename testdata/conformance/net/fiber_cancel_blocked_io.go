// spindle-only: package fiber is spindle's
// exit: 2
// stderr: fatal error: all goroutines are asleep - deadlock!
// Rule: a fiber cancelled while blocked in Read, Accept, a Read with a
// deadline or an io.Copy between two connections unwinds through its defers and leaves the socket's wait queue:
// the socket keeps working for others, and once nothing waits for I/O any
// more a blocked main is a deadlock again (no I/O is left pending).
package main

import (
	"fmt"
	"io"
	"net"
	"time"

	"fiber"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	acceptor := fiber.Spawn(func() int {
		defer fmt.Println("acceptor unwound")
		c, err := ln.Accept()
		fmt.Println("not reached", c, err)
		return 1
	})
	fiber.Yield()

	// The acceptor is parked in Accept; cancel it, then accept here.
	acceptor.Cancel()
	_, err = acceptor.Join()
	fmt.Println("acceptor:", err)
	accepted := make(chan net.Conn)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			fmt.Println(err)
		}
		accepted <- c
	}()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	server := <-accepted

	reader := fiber.Spawn(func() int {
		defer fmt.Println("reader unwound")
		buf := make([]byte, 8)
		n, err := client.Read(buf)
		fmt.Println("not reached", n, err)
		return 2
	})
	timed := fiber.Spawn(func() int {
		defer fmt.Println("reader with deadline unwound")
		server.SetReadDeadline(time.Now().Add(time.Hour))
		n, err := server.Read(make([]byte, 8))
		fmt.Println("not reached", n, err)
		return 3
	})
	fiber.Yield()
	reader.Cancel()
	timed.Cancel()
	_, e1 := reader.Join()
	_, e2 := timed.Join()
	fmt.Println("readers:", e1, e2)

	copier := fiber.Spawn(func() int {
		defer fmt.Println("copier unwound")
		n, err := io.Copy(server, client) // parks in the host-side copy
		fmt.Println("not reached", n, err)
		return 4
	})
	fiber.Yield()
	copier.Cancel()
	_, e3 := copier.Join()
	fmt.Println("copier:", e3)

	// The connection still works both ways.
	server.SetReadDeadline(time.Time{})
	server.Write([]byte("ping"))
	buf := make([]byte, 4)
	n, err := client.Read(buf)
	fmt.Printf("client read %q %v\n", buf[:n], err)
	client.Write([]byte("pong"))
	n, err = server.Read(buf)
	fmt.Printf("server read %q %v\n", buf[:n], err)

	// Nothing is waiting for I/O now: blocking forever is a deadlock.
	select {}
}

// Output:
// acceptor unwound
// acceptor: fiber: cancelled
// reader unwound
// reader with deadline unwound
// readers: fiber: cancelled fiber: cancelled
// copier unwound
// copier: fiber: cancelled
// client read "ping" <nil>
// server read "pong" <nil>
