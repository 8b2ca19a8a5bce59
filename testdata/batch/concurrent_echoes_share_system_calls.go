// Fifty clients, each with its own io.Copy echo server, all on one shard,
// trade 100 small messages each at the same time; the shard's OS thread
// counts its read and write system calls (syscr and syscw in
// /proc/self/task/TID/io) around them. With batched socket I/O
// (event loop batch or uring) the reads and writes of the fibers runnable
// together go to the poller's io_uring in one submission, so the shard
// makes few of its own; without it each is a system call, four per round
// trip. Run by TestBatchedSocketIO (io_test.go), not by the conformance
// suite.
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
	const clients, trips = 50, 100
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				io.Copy(c, c)
				c.Close()
			}()
		}
	}()
	conns := make([]net.Conn, clients)
	for i := range conns {
		if conns[i], err = net.Dial("tcp", ln.Addr().String()); err != nil {
			panic(err)
		}
	}
	tid := fiber.ThreadID()
	before := rwCalls(tid)
	done := make(chan bool)
	for _, c := range conns {
		go func() {
			msg := []byte("ping-pong-ping-pong-ping-pong-ping-pong-ping-pong-ping-pong-1234")
			buf := make([]byte, len(msg))
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
			done <- true
		}()
	}
	for range conns {
		<-done
	}
	calls := rwCalls(tid) - before
	for _, c := range conns {
		c.Close()
	}
	ln.Close()
	fmt.Println("round trips:", clients*trips)
	fmt.Println("read/write system calls per round trip:", float64(calls)/(clients*trips))
	fmt.Println("at most one in four round trips:", calls <= clients*trips/4)
}
