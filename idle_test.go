package spindle_test

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"spindle"
)

func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// An idle machine sleeps in its event loop: while every fiber waits (a
// timer, a channel, an accept on a listening socket), the process burns
// almost no CPU.
func TestIdleMachineBurnsNoCPU(t *testing.T) {
	src := `package main

import (
	"net"
	"time"
)

func main() {
	block := make(chan int)
	for i := 0; i < 100; i++ {
		go func() { <-block }()
	}
	// An idle server: its accept parks on the event loop.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	time.Sleep(500 * time.Millisecond)
	ln.Close()
	close(block)
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "idle.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	// Collect what compiling (and earlier tests) left, so the collector's
	// background work does not count as the idle run's.
	runtime.GC()
	before, start := cpuTime(t), time.Now()
	if code, _ := prog.Run(context.Background(), spindle.RunOptions{Grants: spindle.GrantAll}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	wall, cpu := time.Since(start), cpuTime(t)-before
	if wall < 500*time.Millisecond {
		t.Fatalf("run took %v, shorter than its sleep", wall)
	}
	if cpu > 100*time.Millisecond {
		t.Errorf("idle run used %v of CPU in %v", cpu, wall)
	}
}
