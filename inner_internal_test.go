package spindle

import (
	"testing"

	"spindle/internal/vm"
)

// innerSrc is a client and a slow server over loopback TCP in one run: on
// the virtual clock, every wait but the sleeps is on a socket whose peer
// (or, for Accept, whose dialers) are the run's own fibers. The signal
// subscription (signalNotify) is outside work that never finishes.
const innerSrc = `package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/signal"
	"time"
)

func note()

func main() {
	note()
	if len(os.Args) > 1 {
		signal.Notify(make(chan os.Signal, 1), os.Interrupt)
	}
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
			go func() {
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					time.Sleep(time.Second)
					fmt.Fprint(c, line)
				}
			}()
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	r := bufio.NewReader(c)
	start := time.Now()
	for i := 0; i < 5; i++ {
		c.SetReadDeadline(time.Now().Add(time.Hour))
		fmt.Fprintf(c, "ping %d\n", i)
		if _, err := r.ReadString('\n'); err != nil {
			panic(err)
		}
	}
	c.SetReadDeadline(time.Now().Add(30 * time.Minute))
	_, err = r.ReadString('\n')
	println(time.Since(start).String(), os.IsTimeout(err))
}
`

// On the virtual clock, waits on sockets whose peers are fibers of the
// same run are durably blocked: the clock moves on without the grace it
// gives outside work, which a signal subscription still gets.
func TestInnerSocketsDurablyBlocked(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		withGraces bool
	}{{nil, false}, {[]string{"main", "-signal"}, true}} {
		var m *vm.Machine
		host := map[string]vm.HostFunc{"main.note": func(f *vm.Fiber, args, res []vm.Value) { m = f.M }}
		code, stderr := runWithHostOpts(t, innerSrc, host, RunOptions{FakeTime: true, Args: tc.args, Grants: GrantAll})
		if code != 0 || stderr != "30m5s true\n" {
			t.Fatalf("args %q: exit %d, stderr %q", tc.args, code, stderr)
		}
		if n := m.GraceWaits(); (n > 0) != tc.withGraces {
			t.Errorf("args %q: the clock waited for outside work %d times", tc.args, n)
		}
	}
}
