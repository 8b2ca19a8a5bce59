// Command echoload is a load generator for TCP echo servers such as
// examples/echo. It opens -conns connections and, on each, sends -msgs
// messages of -size bytes one at a time, waiting for each echo (and
// checking it byte for byte) before sending the next. It prints one line:
//
//	conns=1000 msgs=200000 size=64 connect_s=0.12 wall_s=2.5 msgs_per_s=80000 p50_us=... p99_us=... max_us=...
//
// where connect_s is the time to open all connections and (with -warmup,
// the default) do one untimed round trip on each, wall_s covers the timed
// message phase only, which starts when that is done, and the latencies
// are per-message round trips (write start to the last echoed byte read).
//
// With -probe it only waits until the server accepts: it dials (retrying
// until -timeout, or until the process -pid has exited), does one round
// trip and exits 0. With -idle D it opens -conns connections, does one
// round trip on each, prints "idle: N connections open" and holds them
// open for D before closing them, so that a script can measure the
// server's memory meanwhile.
//
// Every wait is bounded by -timeout (the whole run's deadline). Any dial,
// read or write error, short read or mismatched echo makes it exit 1.
// Loopback addresses only: it refuses to dial anything else.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

var (
	addr     = flag.String("addr", "127.0.0.1:7007", "server address (loopback only)")
	conns    = flag.Int("conns", 100, "concurrent connections")
	msgs     = flag.Int("msgs", 100, "messages per connection (ping-pong)")
	size     = flag.Int("size", 64, "bytes per message")
	timeout  = flag.Duration("timeout", 60*time.Second, "deadline for the whole run, dial retries included")
	idle     = flag.Duration("idle", 0, "if > 0: open -conns connections, echo once on each, hold them open this long, close")
	warmup   = flag.Bool("warmup", true, "one untimed round trip per connection before the timed ones (counted in connect_s)")
	probe    = flag.Bool("probe", false, "only wait until the server accepts and echoes one message")
	dialPar  = flag.Int("dialpar", 256, "connections dialled in parallel")
	watch    = flag.Int("pid", 0, "if > 0: the server's process id; dial retries stop once it has exited")
	deadline time.Time
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "echoload:", err)
		os.Exit(1)
	}
}

func run() error {
	if *conns < 1 || *msgs < 1 || *size < 1 || *dialPar < 1 {
		return errors.New("-conns, -msgs, -size and -dialpar must be positive")
	}
	if *timeout <= 0 {
		return errors.New("-timeout must be positive")
	}
	if err := checkLoopback(*addr); err != nil {
		return err
	}
	deadline = time.Now().Add(*timeout)
	if *idle > 0 {
		deadline = deadline.Add(*idle)
	}
	// Every wait below has this deadline; the watchdog is a backstop.
	time.AfterFunc(time.Until(deadline)+5*time.Second, func() {
		fmt.Fprintln(os.Stderr, "echoload: watchdog: still running 5s past the deadline")
		os.Exit(1)
	})
	if *probe {
		*conns = 1
	}
	if err := raiseNofile(uint64(*conns) + 64); err != nil {
		return err
	}

	t0 := time.Now()
	cs, err := dialAll(*conns)
	defer func() {
		for _, c := range cs {
			if c != nil {
				c.Close()
			}
		}
	}()
	if err != nil {
		return err
	}
	if *warmup && !*probe && *idle == 0 {
		// The server may still have connections in its accept queue when
		// the dials return; one echo on each makes sure all are served.
		if _, err := pingPong(cs, 1); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}
	connect := time.Since(t0)

	switch {
	case *probe:
		_, err := pingPong(cs, 1)
		return err
	case *idle > 0:
		if _, err := pingPong(cs, 1); err != nil {
			return err
		}
		fmt.Printf("idle: %d connections open\n", len(cs))
		// Hold them; the deadline covers this wait too.
		time.Sleep(min(*idle, time.Until(deadline)))
		return nil
	}

	t1 := time.Now()
	lat, err := pingPong(cs, *msgs)
	if err != nil {
		return err
	}
	wall := time.Since(t1)
	slices.Sort(lat)
	fmt.Printf("conns=%d msgs=%d size=%d connect_s=%.3f wall_s=%.3f msgs_per_s=%.0f p50_us=%.0f p99_us=%.0f max_us=%.0f\n",
		len(cs), len(lat), *size, connect.Seconds(), wall.Seconds(),
		float64(len(lat))/wall.Seconds(),
		us(quantile(lat, 0.50)), us(quantile(lat, 0.99)), us(lat[len(lat)-1]))
	return nil
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// quantile is the nearest-rank q-quantile of sorted (non-empty) xs.
func quantile(xs []time.Duration, q float64) time.Duration {
	i := int(q*float64(len(xs))+0.999999999) - 1
	return xs[max(0, min(i, len(xs)-1))]
}

// checkLoopback refuses any address that is not a loopback IP.
func checkLoopback(a string) error {
	host, _, err := net.SplitHostPort(a)
	if err != nil {
		return fmt.Errorf("bad -addr %q: %v", a, err)
	}
	ip := net.ParseIP(host)
	if host == "localhost" {
		return nil
	}
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-addr %q: only loopback addresses (127.0.0.0/8, ::1, localhost) are allowed", a)
	}
	return nil
}

// raiseNofile raises the soft RLIMIT_NOFILE to at least need (up to the
// hard limit, which it also tries to raise when needed).
func raiseNofile(need uint64) error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return fmt.Errorf("getrlimit: %v", err)
	}
	if rl.Cur >= need {
		return nil
	}
	want := rl
	want.Cur = need
	if want.Max < need {
		want.Max = need
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err == nil {
		return nil
	}
	if rl.Max < need {
		return fmt.Errorf("need %d open files but RLIMIT_NOFILE hard limit is %d (raise it with ulimit -Hn as root)", need, rl.Max)
	}
	want = syscall.Rlimit{Cur: need, Max: rl.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		return fmt.Errorf("setrlimit NOFILE %d: %v", need, err)
	}
	return nil
}

// dialAll opens n connections, at most -dialpar at a time, each retried
// until the deadline (so it also waits for a server that is starting).
func dialAll(n int) ([]net.Conn, error) {
	cs := make([]net.Conn, n)
	var (
		next    atomic.Int64
		wg      sync.WaitGroup
		errOnce sync.Once
		first   error
	)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	for range min(n, *dialPar) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				c, err := dialRetry(ctx)
				if err != nil {
					errOnce.Do(func() { first = fmt.Errorf("dial %s (connection %d): %v", *addr, i, err); cancel() })
					return
				}
				cs[i] = c
			}
		})
	}
	wg.Wait()
	if first == nil {
		for i, c := range cs {
			if c == nil {
				first = fmt.Errorf("dial %s (connection %d): %v", *addr, i, ctx.Err())
				break
			}
		}
	}
	return cs, first
}

func dialRetry(ctx context.Context) (net.Conn, error) {
	var d net.Dialer
	backoff := 5 * time.Millisecond
	for {
		c, err := d.DialContext(ctx, "tcp", *addr)
		if err == nil {
			return c, nil
		}
		if ctx.Err() != nil {
			return nil, err
		}
		if *watch > 0 && !alive(*watch) {
			return nil, fmt.Errorf("%v (server process %d has exited)", err, *watch)
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, err
		case <-t.C:
		}
		backoff = min(2*backoff, 100*time.Millisecond)
	}
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil // no /proc: zombies count as alive
	}
	// The state follows the parenthesised command name.
	i := bytes.LastIndexByte(b, ')')
	return i < 0 || i+2 >= len(b) || b[i+2] != 'Z'
}

// pingPong runs m round trips on every connection concurrently and returns
// all round-trip times (unsorted).
func pingPong(cs []net.Conn, m int) ([]time.Duration, error) {
	lat := make([]time.Duration, len(cs)*m)
	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		first   error
		failed  atomic.Bool
	)
	for i, c := range cs {
		wg.Go(func() {
			if err := session(c, i, lat[i*m:(i+1)*m], &failed); err != nil {
				errOnce.Do(func() {
					first = fmt.Errorf("connection %d: %v", i, err)
					failed.Store(true)
					// Unblock the others.
					for _, c := range cs {
						c.SetDeadline(time.Now())
					}
				})
			}
		})
	}
	wg.Wait()
	return lat, first
}

// session does len(lat) round trips on c, recording each one's time.
func session(c net.Conn, id int, lat []time.Duration, failed *atomic.Bool) error {
	if err := c.SetDeadline(deadline); err != nil {
		return err
	}
	out := make([]byte, *size)
	in := make([]byte, *size)
	for k := range lat {
		if failed.Load() {
			return nil
		}
		fill(out, id, k)
		t := time.Now()
		if _, err := c.Write(out); err != nil {
			return fmt.Errorf("message %d: write: %v", k, err)
		}
		if _, err := io.ReadFull(c, in); err != nil {
			return fmt.Errorf("message %d: read echo: %v", k, err)
		}
		lat[k] = time.Since(t)
		if !bytes.Equal(in, out) {
			return fmt.Errorf("message %d: echo mismatch", k)
		}
	}
	return nil
}

// fill writes a pattern unique to (connection, message) into b, so that
// echoes crossing connections or arriving out of order are caught.
func fill(b []byte, id, k int) {
	x := uint64(id)<<32 ^ uint64(k) ^ 0x9e3779b97f4a7c15
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x)
	}
}
