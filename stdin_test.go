package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// stdinProg reads all of standard input the way its first argument says
// while another goroutine must run: it waits in the host until the host
// has seen main's first read of stdin begin (waitHost), then reports that
// it ran (otherRan), which the host waits for before it hands main any
// input. If a read held the shard's thread, the other goroutine could
// never report, and the read would end with the host's error instead.
const stdinProg = `package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

func waitHost()
func otherRan()

func main() {
	go func() {
		waitHost()
		otherRan()
	}()
	switch os.Args[1] {
	case "scan", "fscan", "scanln", "scanf":
		sum := 0
		for {
			var n int
			var err error
			switch os.Args[1] {
			case "scan":
				_, err = fmt.Scan(&n)
			case "fscan":
				_, err = fmt.Fscan(os.Stdin, &n)
			case "scanln":
				_, err = fmt.Scanln(&n)
			case "scanf":
				_, err = fmt.Scanf("%d\n", &n)
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				fmt.Println("scan:", err)
				return
			}
			sum += n
		}
		fmt.Println("sum", sum)
	case "lines", "words":
		s := bufio.NewScanner(os.Stdin)
		if os.Args[1] == "words" {
			s.Split(bufio.ScanWords)
		}
		for s.Scan() {
			fmt.Printf("%q\n", s.Text())
		}
		fmt.Println("err", s.Err())
	case "reader":
		r := bufio.NewReader(os.Stdin)
		for {
			line, err := r.ReadString('\n')
			fmt.Printf("%q\n", line)
			if err != nil {
				fmt.Println("err", err)
				return
			}
		}
	}
}
`

// stdinProgNoOS is stdinProg's scan in a program without package os: fmt
// reads descriptor 0 itself.
const stdinProgNoOS = `package main

import "fmt"

func waitHost()
func otherRan()

func main() {
	go func() {
		waitHost()
		otherRan()
	}()
	sum := 0
	for {
		var n int
		if _, err := fmt.Scan(&n); err != nil {
			fmt.Println("sum", sum, err)
			return
		}
		sum += n
	}
}
`

// gatedStdin is a run's standard input whose first Read announces itself
// (entered) and then waits for the guest's other goroutine to have run
// (ran) before it returns any input; the wait gives up only to fail the
// test instead of hanging it, with an error every later Read repeats (a
// Scanner's fast path leaves a failed read to the guest, which retries).
type gatedStdin struct {
	entered, ran  chan struct{}
	once, ranOnce sync.Once
	held          atomic.Bool
	data          io.Reader
}

func (g *gatedStdin) markRan() { g.ranOnce.Do(func() { close(g.ran) }) }

var errShardHeld = errors.New("the other goroutine never ran while main read stdin")

func (g *gatedStdin) Read(p []byte) (int, error) {
	first := false
	g.once.Do(func() { first = true; close(g.entered) })
	if first {
		select {
		case <-g.ran:
		case <-time.After(20 * time.Second): // failure detection only
			g.held.Store(true)
		}
	}
	if g.held.Load() {
		return 0, errShardHeld
	}
	return g.data.Read(p)
}

// stdinHost binds waitHost and otherRan to g.
func stdinHost(g *gatedStdin) []spindle.HostFunc {
	return []spindle.HostFunc{
		{Name: "main.waitHost", Blocking: true, Fn: func() {
			select {
			case <-g.entered:
			case <-time.After(20 * time.Second): // failure detection only
			}
		}},
		{Name: "main.otherRan", Fn: g.markRan},
	}
}

// fmt.Scan, Fscan, Scanln and Scanf on os.Stdin, bufio.Scanner over it
// (lines and words) and a bufio.Reader park only the reading goroutine
// while stdin has nothing to give (here: an embedding program's reader),
// as Go blocks only the goroutine: the others keep running.
func TestStdinReadsParkOnlyTheReader(t *testing.T) {
	const in = "42\n7\n8\n"
	long := strings.Repeat("ab", 5000)
	cases := []struct {
		src, mode, in, want string
		name                string // the subtest's, if not mode
	}{
		{stdinProg, "scan", in, "sum 57\n", ""},
		{stdinProg, "fscan", in, "sum 57\n", ""},
		{stdinProg, "scanln", in, "sum 57\n", ""},
		{stdinProg, "scanf", in, "sum 57\n", ""},
		{stdinProg, "lines", in, "\"42\"\n\"7\"\n\"8\"\nerr <nil>\n", ""},
		{stdinProg, "words", in, "\"42\"\n\"7\"\n\"8\"\nerr <nil>\n", ""},
		{stdinProg, "reader", in, "\"42\\n\"\n\"7\\n\"\n\"8\\n\"\n\"\"\nerr EOF\n", ""},
		{stdinProgNoOS, "no os", in, "sum 57 EOF\n", ""},
		// Lines longer than the Scanner's first buffers, read in pieces.
		{stdinProg, "lines", long + "\r\nend", "\"" + long + "\"\n\"end\"\nerr <nil>\n", "long lines"},
		{stdinProg, "words", "  " + long + " \n\tend  ", "\"" + long + "\"\n\"end\"\nerr <nil>\n", "long words"},
	}
	// Whole, and in the pieces a pipe may deliver: one byte or half of
	// what the reader asks for at a time.
	feeds := []struct {
		name string
		wrap func(io.Reader) io.Reader
	}{
		{"whole", func(r io.Reader) io.Reader { return r }},
		{"bytes", iotest.OneByteReader},
		{"halves", iotest.HalfReader},
	}
	for _, c := range cases {
		for _, feed := range feeds {
			name := c.name
			if name == "" {
				name = c.mode
			}
			t.Run(name+"/"+feed.name, func(t *testing.T) {
				g := &gatedStdin{entered: make(chan struct{}), ran: make(chan struct{}), data: feed.wrap(strings.NewReader(c.in))}
				prog, err := spindle.CompileSource(spindle.CompileOptions{Host: stdinHost(g)}, spindle.File{Name: "stdin.go", Src: []byte(c.src)})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				var out, errb bytes.Buffer
				code, err := prog.Run(ctx, spindle.RunOptions{Args: []string{"stdin", c.mode}, Stdin: g, Stdout: &out, Stderr: &errb})
				if code != 0 || err != nil || out.String() != c.want {
					t.Fatalf("exit %d (%v), stdout %q, want %q; stderr:\n%s", code, err, clip(out.String()), clip(c.want), errb.String())
				}
			})
		}
	}
}

// An embedded run whose goroutine waits on standard input that never
// comes (an io.Pipe nobody writes) can be dumped and cancelled: Dump shows
// the reader parked, and Run returns within the second the issue allows
// once the context is cancelled. The read's host goroutine ends when the
// host closes the pipe; no goroutine or descriptor is left.
func TestStdinWaitIsCancellable(t *testing.T) {
	defer goleak.VerifyNone(t)
	fds := openFDs(t)
	for _, c := range []struct{ src, mode string }{
		{stdinProg, "scan"},
		{stdinProg, "fscan"},
		{stdinProg, "lines"},
		{stdinProg, "words"},
		{stdinProg, "reader"},
		{stdinProgNoOS, "no os"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			pr, pw := io.Pipe()
			defer pw.Close()
			// The gate's first Read passes at once; the pipe then
			// blocks it for good.
			g := &gatedStdin{entered: make(chan struct{}), ran: make(chan struct{}), data: pr}
			g.markRan()
			prog, err := spindle.CompileSource(spindle.CompileOptions{Host: stdinHost(g)}, spindle.File{Name: "stdin.go", Src: []byte(c.src)})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var out, errb bytes.Buffer
			r := prog.Start(ctx, spindle.RunOptions{Args: []string{"stdin", c.mode}, Stdin: g, Stdout: &out, Stderr: &errb})
			select {
			case <-g.entered:
			case <-time.After(30 * time.Second):
				t.Fatal("the program never read stdin")
			}
			dumped := make(chan string, 1)
			go func() { dumped <- r.Dump() }()
			select {
			case d := <-dumped:
				if !strings.Contains(d, "goroutine 1 [syscall]:") {
					t.Errorf("dump lacks the reader parked in a read:\n%s", d)
				}
			case <-time.After(30 * time.Second):
				pw.Close()
				t.Fatal("Dump hung: the read holds the shard's thread")
			}
			cancel()
			start := time.Now()
			ended := make(chan error, 1)
			go func() { _, err := r.Wait(); ended <- err }()
			select {
			case err := <-ended:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("Run's error: %v", err)
				}
				if d := time.Since(start); d > time.Second {
					t.Errorf("Run took %v to return after the cancellation", d)
				}
			case <-time.After(30 * time.Second):
				pw.Close()
				t.Fatal("the run ignored the cancellation: the read holds the shard's thread")
			}
			if strings.Contains(errb.String(), "BUG") || strings.Contains(errb.String(), "fatal error") {
				t.Errorf("stderr:\n%s", errb.String())
			}
		})
	}
	if n := openFDs(t); n > fds {
		t.Errorf("%d descriptors open, %d before", n, fds)
	}
}
