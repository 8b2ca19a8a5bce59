// A client and an io.Copy echo server on one shard trade 2,000 small
// messages; the shard's OS thread counts its read and write system calls
// (syscr and syscw in /proc/self/task/TID/io) around them. With batched
// socket I/O (SPINDLE_IO=batch or uring) the reads and writes go to the
// poller's io_uring, submitted together, so the shard makes almost none;
// each of them would otherwise be one system call (four per round trip).
// Run by TestBatchedSocketIO (io_test.go), not by the conformance suite.
package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"

	"fiber"
)

// rwCalls returns the read and write system calls made so far by thread tid.
func rwCalls(tid int) int {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/io")
	if err != nil {
		panic(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && (k == "syscr" || k == "syscw") {
			x, err := strconv.Atoi(v)
			if err != nil {
				panic(err)
			}
			n += x
		}
	}
	return n
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		io.Copy(c, c)
		c.Close()
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	const trips = 2000
	msg := []byte("ping-pong-ping-pong-ping-pong-ping-pong-ping-pong-ping-pong-1234")
	buf := make([]byte, len(msg))
	tid := fiber.ThreadID()
	before := rwCalls(tid)
	for i := 0; i < trips; i++ {
		if _, err := c.Write(msg); err != nil {
			panic(err)
		}
		if _, err := io.ReadFull(c, buf); err != nil {
			panic(err)
		}
		if string(buf) != string(msg) {
			panic("echo differs")
		}
	}
	calls := rwCalls(tid) - before
	c.Close()
	ln.Close()
	fmt.Println("round trips:", trips)
	fmt.Println("read/write system calls per round trip:", float64(calls)/trips)
	fmt.Println("at most one in ten round trips:", calls <= trips/10)
}
