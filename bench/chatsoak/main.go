// Command chatsoak is a soak test for examples/chat: it keeps -conns
// clients connected to one chat server for -duration while they leave and
// rejoin at random and send sequence-numbered lines, checks that every
// client receives exactly the lines the room broadcast while it was a
// member, once each and in order, and samples the server's memory,
// descriptors and CPU time from /proc.
//
//	chatsoak -bin /tmp/spindle -conns 10000 -duration 10m
//	chatsoak -addr 127.0.0.1:7008 -pid 1234 -conns 1000 -duration 1m
//
// With -bin it starts the server itself (`BIN run examples/chat/main.go
// -addr 127.0.0.1:0`, in the current directory) and stops it at the end;
// with -addr it uses a running server, sampling process -pid.
//
// How delivery is checked. The room goroutine puts every line it
// broadcasts (joins, leaves, messages) into the queue of every member in
// one order, so each member receives a subsequence of one stream. An
// observer client joins first, sends nothing and stays to the end: it
// receives that whole stream (less its own join) and numbers its lines.
// Every other line is unique (session names are slot and generation,
// messages carry the sender's sequence number), so a client can map each
// line it receives to the observer's number. A session that joined at
// position J ("* NAME joined") and left at L ("* NAME left") must receive
// exactly the lines strictly between J and L except its own messages,
// each once and in increasing position. A graceful leave half-closes the
// connection: the server then sends what it had queued and closes, so the
// session reads up to L and the check is exact. An abrupt leave (Close)
// happens only once the observer has seen the session's last message (so
// none of its messages may be lost); what it had not yet read is not
// counted. Every message sent must appear in the observer's stream once.
// When the churn stops, every client settles, one more client joins and
// sends a mark, and every client's count up to the mark is checked
// exactly; then all of them close at once (abruptly: a graceful leave of
// each would have the room send 50 million leave lines to clients still
// waiting to leave) and the server must give back every descriptor.
// The server drops a member whose queue of 1024 lines fills up; the
// harness reads every connection continuously, so a drop is a failure.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

var (
	bin      = flag.String("bin", "", "spindle binary: start `BIN run PROG -addr 127.0.0.1:0` as the server")
	prog     = flag.String("prog", "examples/chat/main.go", "the chat program, for -bin")
	addr     = flag.String("addr", "", "address of a running chat server (loopback only), instead of -bin")
	pidFlag  = flag.Int("pid", 0, "with -addr: the server's process id, sampled from /proc")
	conns    = flag.Int("conns", 10000, "client connections kept open (the observer is one more)")
	duration = flag.Duration("duration", time.Minute, "how long the churn runs, after every client has joined")
	churn    = flag.Float64("churn", -1, "leaves per second, each followed by a rejoin on a new connection (default 5000/conns: the room sends each join and leave to every client)")
	msgRate  = flag.Float64("msgs", -1, "messages per second, each from a random client (default 5000/conns)")
	probes   = flag.Float64("probes", 20, "bare connections per second (read the prompt or not, then close without joining)")
	abrupt   = flag.Float64("abrupt", 0.25, "fraction of leaves that close the connection instead of half-closing it")
	sample   = flag.Duration("sample", 10*time.Second, "interval between samples of the server's /proc")
	warmup   = flag.Duration("warmup", time.Minute, "churn time after which the memory and descriptors count as warmed up (at most a third of -duration)")
	idle     = flag.Duration("idle", 10*time.Second, "window over which the server's CPU is measured once the load stops")
	dialPar  = flag.Int("dialpar", 128, "joins in flight while the clients first connect")
	stall    = flag.Duration("stall", 2*time.Minute, "fail if no line is delivered for this long while lines are due")
	seed     = flag.Uint64("seed", 1, "seed for the random choices")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "chatsoak:", err)
		os.Exit(1)
	}
}

// stats are the harness's counters; every field is updated atomically.
type stats struct {
	joins, graceful, abruptLeaves, probesOK, probesFailed atomic.Int64
	sent, delivered, expected, checked, unread            atomic.Int64
	lost, extra, misordered, ownEcho, outside, unknown    atomic.Int64
	dropped, connErrs                                     atomic.Int64
}

type harness struct {
	addr  string
	pid   int
	obs   *observer
	st    stats
	rng   *lockedRand
	slots []*slot

	failMu sync.Mutex
	fails  []string
	nfail  int

	// Results of the last phases, for the report.
	idleOpen, idleClosed                  float64
	obsJoins, obsLeaves, obsMsgs, obsDups int64
}

// fail records a check that failed; the first 20 are printed.
func (h *harness) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	h.failMu.Lock()
	defer h.failMu.Unlock()
	h.nfail++
	if len(h.fails) < 20 {
		h.fails = append(h.fails, msg)
		fmt.Fprintln(os.Stderr, "chatsoak: FAIL:", msg)
	}
}

func (h *harness) failures() int {
	h.failMu.Lock()
	defer h.failMu.Unlock()
	return h.nfail
}

type lockedRand struct {
	mu sync.Mutex
	r  *rand.Rand
}

func (l *lockedRand) IntN(n int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.IntN(n)
}

func (l *lockedRand) Float64() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Float64()
}

func run() error {
	if *conns < 1 || *duration <= 0 || *sample <= 0 || *dialPar < 1 {
		return errors.New("-conns, -duration, -sample and -dialpar must be positive")
	}
	if (*bin == "") == (*addr == "") {
		return errors.New("give exactly one of -bin (start the server) and -addr (use a running one)")
	}
	if *churn < 0 {
		*churn = 5000 / float64(*conns)
	}
	if *msgRate < 0 {
		*msgRate = 5000 / float64(*conns)
	}
	lim, err := raiseNofile()
	if err != nil {
		return err
	}
	if need := uint64(*conns) + 1000; lim < need {
		return fmt.Errorf("RLIMIT_NOFILE is %d, need about %d for %d connections (raise ulimit -Hn)", lim, need, *conns)
	}
	h := &harness{rng: &lockedRand{r: rand.New(rand.NewPCG(*seed, *seed^0x9e3779b97f4a7c15))}}
	var srv *server
	if *bin != "" {
		srv, err = startServer(*bin, *prog)
		if err != nil {
			return err
		}
		defer srv.stop()
		h.addr, h.pid = srv.addr, srv.cmd.Process.Pid
	} else {
		if err := checkLoopback(*addr); err != nil {
			return err
		}
		h.addr, h.pid = *addr, *pidFlag
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs
		if srv != nil {
			srv.stop()
		}
		os.Exit(1)
	}()
	return h.soak(srv)
}

// soak runs the phases: baseline, ramp, churn, quiesce, idle, close.
func (h *harness) soak(srv *server) error {
	start := time.Now()
	base := readProc(h.pid)
	fmt.Printf("chatsoak: server %s pid %d; %d clients, churn %s: %.3g leaves/s (%.0f%% abrupt), %.3g msgs/s, %.3g probes/s; %d CPUs, load average %s\n",
		h.addr, h.pid, *conns, *duration, *churn, 100**abrupt, *msgRate, *probes, numCPU(), loadavg())
	obs, err := newObserver(h.addr)
	if err != nil {
		return fmt.Errorf("observer: %v", err)
	}
	h.obs = obs
	smp := newSampler(h, start)
	go smp.loop()
	smp.setPhase("ramp")

	// Ramp: every slot joins, at most -dialpar at a time.
	h.slots = make([]*slot, *conns)
	sem := make(chan struct{}, *dialPar)
	var ramp sync.WaitGroup
	for i := range h.slots {
		s := &slot{h: h, id: i, cmds: make(chan int, 4), stop: make(chan struct{}), done: make(chan struct{})}
		h.slots[i] = s
		ramp.Add(1)
		go s.loop(sem, ramp.Done)
	}
	stopStall := make(chan struct{})
	go h.stallWatch(stopStall)
	ramp.Wait()
	rampTime := time.Since(start)
	fmt.Printf("chatsoak: %d clients joined in %.1fs\n", *conns, rampTime.Seconds())
	if h.failures() > 0 {
		return h.report(smp, srv, base, rampTime)
	}

	// Churn.
	smp.setPhase("churn")
	churnStart := time.Now()
	wu := min(*warmup, *duration/3)
	smp.markWarmupAt(churnStart.Add(wu))
	stopLoad := make(chan struct{})
	var tickers sync.WaitGroup
	tickers.Go(func() { h.every(*churn, stopLoad, func() { h.command(cmdLeave) }) })
	tickers.Go(func() { h.every(*msgRate, stopLoad, func() { h.command(cmdSend) }) })
	tickers.Go(func() { h.every(*probes, stopLoad, func() { go h.probe() }) })
	time.Sleep(*duration)
	close(stopLoad)
	tickers.Wait()
	smp.sampleNow("end of load")

	// Quiesce: every slot back in a session, then a marker from the
	// observer that every session must receive: the room has delivered
	// everything before it.
	smp.setPhase("quiesce")
	for _, s := range h.slots {
		s.cmds <- cmdPark
	}
	if err := h.waitParked(2 * time.Minute); err != nil {
		h.fail("%v", err)
	}
	if err := h.mark(3 * time.Minute); err != nil {
		h.fail("%v", err)
	}
	close(stopStall)

	// Idle with every client connected.
	smp.setPhase("idle")
	openIdle := h.cpuOver(*idle)
	smp.sampleNow("idle, connected")

	// Close: every session closes at once and is checked.
	smp.setPhase("close")
	for _, s := range h.slots {
		close(s.stop)
	}
	// The room announces each leave to every client not yet gone, so with
	// 10,000 clients this takes minutes.
	closeBy := time.After(leaveWait + time.Minute)
	for _, s := range h.slots {
		select {
		case <-s.done:
		case <-closeBy:
			h.fail("slot %d did not finish its last session", s.id)
		}
	}
	h.obs.close()
	h.obs.finish(h)
	h.waitFDs(base.fds, 30*time.Second)
	closedIdle := h.cpuOver(*idle)
	smp.sampleNow("idle, closed")
	smp.stop()
	h.idleOpen, h.idleClosed = openIdle, closedIdle
	return h.report(smp, srv, base, rampTime)
}

// leaveWait bounds the wait for the observer to see a session leave: when
// every client closes at once, the room has N² leave lines to queue.
const leaveWait = 15 * time.Minute

const (
	cmdSend = iota
	cmdLeave
	cmdPark // stop churning: reply on parked once in a session
)

// every calls f rate times a second (exponential gaps) until stop.
func (h *harness) every(rate float64, stop chan struct{}, f func()) {
	if rate <= 0 {
		return
	}
	for {
		gap := time.Duration(-math.Log(1-h.rng.Float64()) / rate * float64(time.Second))
		select {
		case <-stop:
			return
		case <-time.After(gap):
			f()
		}
	}
}

// command gives cmd to a random slot that is in a session; it is dropped
// if that slot's queue is full.
func (h *harness) command(cmd int) {
	for range 8 {
		s := h.slots[h.rng.IntN(len(h.slots))]
		if s.live.Load() {
			select {
			case s.cmds <- cmd:
			default:
			}
			return
		}
	}
}

// probe connects without joining: it reads the prompt (or not) and closes.
func (h *harness) probe() {
	c, err := net.DialTimeout("tcp", h.addr, 30*time.Second)
	if err != nil {
		h.st.probesFailed.Add(1)
		h.fail("probe: %v", err)
		return
	}
	defer c.Close()
	if h.rng.IntN(2) == 0 {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || line != "* name?\n" {
			h.st.probesFailed.Add(1)
			h.fail("probe: prompt %q, %v", line, err)
			return
		}
	}
	h.st.probesOK.Add(1)
}

var parked atomic.Int64

func (h *harness) waitParked(d time.Duration) error {
	deadline := time.Now().Add(d)
	for parked.Load() < int64(len(h.slots)) {
		if time.Now().After(deadline) {
			return fmt.Errorf("only %d of %d clients settled in a session", parked.Load(), len(h.slots))
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

var (
	marks, markGone    atomic.Int64
	markLine, markLeft atomic.Pointer[string]
)

// mark waits until the room has broadcast every message sent so far, then
// has one more client join and send a line, the mark, waits until every
// session has received it (each records its count then), and has that
// client leave gracefully; it returns once every session has received
// that leave too, so that the room has nothing left to send.
func (h *harness) mark(d time.Duration) error {
	deadline := time.Now().Add(d)
	for _, s := range h.slots {
		ss := s.cur.Load()
		if ss == nil {
			return fmt.Errorf("slot %d settled without a session", s.id)
		}
		if ss.seq > 0 {
			if _, ok := h.obs.await(fmt.Sprintf("%s: m%d", ss.name, ss.seq), time.Until(deadline)); !ok {
				return fmt.Errorf("%s: the observer never saw message m%d", ss.name, ss.seq)
			}
		}
	}
	ms := &slot{h: h, id: -1}
	mk, err := ms.join(0)
	if err != nil {
		return fmt.Errorf("mark: %v", err)
	}
	line, left := mk.name+": m1", "* "+mk.name+" left"
	markLine.Store(&line)
	markLeft.Store(&left)
	if err := mk.send(); err != nil {
		return fmt.Errorf("mark: %v", err)
	}
	for marks.Load() < int64(len(h.slots)) {
		if time.Now().After(deadline) {
			return fmt.Errorf("only %d of %d clients received the mark", marks.Load(), len(h.slots))
		}
		time.Sleep(50 * time.Millisecond)
	}
	mk.leave(true)
	for markGone.Load() < int64(len(h.slots)) {
		if time.Now().After(deadline) {
			return fmt.Errorf("only %d of %d clients received the mark's leave", markGone.Load(), len(h.slots))
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

// stallWatch fails the soak if lines stop arriving.
func (h *harness) stallWatch(stop chan struct{}) {
	last, at := h.st.delivered.Load()+int64(h.obs.count()), time.Now()
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		n := h.st.delivered.Load() + int64(h.obs.count())
		if n != last {
			last, at = n, time.Now()
			continue
		}
		if time.Since(at) > *stall {
			h.fail("stalled: no line delivered for %v", *stall)
			h.printFails()
			os.Exit(1)
		}
	}
}

// cpuOver returns the server's CPU use over d, as a fraction of one CPU.
func (h *harness) cpuOver(d time.Duration) float64 {
	a, t0 := readProc(h.pid), time.Now()
	time.Sleep(d)
	b := readProc(h.pid)
	return float64(b.ticks-a.ticks) / clkTck / time.Since(t0).Seconds()
}

// waitFDs waits until the server holds at most want descriptors.
func (h *harness) waitFDs(want int, d time.Duration) {
	deadline := time.Now().Add(d)
	for readProc(h.pid).fds > want && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
}

// slot is one client position: a sequence of sessions (connections), one
// at a time, generation 0, 1, ...
type slot struct {
	h    *harness
	id   int
	live atomic.Bool
	cur  atomic.Pointer[session] // the session in progress
	cmds chan int
	stop chan struct{} // closed: leave gracefully and end
	done chan struct{}
}

func (s *slot) loop(sem chan struct{}, joined func()) {
	defer close(s.done)
	h := s.h
	for gen := 0; ; gen++ {
		if sem != nil {
			sem <- struct{}{}
		}
		ss, err := s.join(gen)
		if sem != nil {
			<-sem
			sem = nil
			joined()
		}
		if err != nil {
			h.st.connErrs.Add(1)
			h.fail("%v", err)
			select {
			case <-s.stop:
				return
			case <-time.After(time.Second):
			}
			continue
		}
		s.cur.Store(ss)
		s.live.Store(true)
		graceful, end := s.serve(ss)
		s.live.Store(false)
		ss.leave(graceful)
		if end {
			return
		}
	}
}

// serve carries out commands for session ss until it is to leave; it
// reports how, and whether the slot ends after it.
func (s *slot) serve(ss *session) (graceful, end bool) {
	h := s.h
	for {
		select {
		case <-s.stop:
			return false, true
		case <-ss.readDone:
			// The server closed the connection on its own.
			return true, false
		case cmd := <-s.cmds:
			switch cmd {
			case cmdSend:
				if err := ss.send(); err != nil {
					h.st.connErrs.Add(1)
					h.fail("%s: send: %v", ss.name, err)
					return true, false
				}
			case cmdLeave:
				return h.rng.Float64() >= *abrupt, false
			case cmdPark:
				parked.Add(1)
			}
		}
	}
}

// session is one connection of a slot, from its join to its leave.
type session struct {
	h        *harness
	name     string
	c        *net.TCPConn
	r        *bufio.Reader
	seq      int // messages sent
	readDone chan struct{}
	readErr  error

	// Owned by the reader until readDone.
	joinIdx  int32 // the observer's position of "* NAME joined"; -1 until known
	last     int32 // position of the last line checked
	pending  []string
	received int64
	atMark   int64  // lines received up to the mark (pending ones included); -1 before it
	ownMsg   []byte // "NAME: "
}

func (s *slot) join(gen int) (*session, error) {
	h := s.h
	name := "s" + strconv.Itoa(s.id) + "g" + strconv.Itoa(gen)
	var c net.Conn
	var err error
	for try := 0; ; try++ {
		c, err = net.DialTimeout("tcp", h.addr, 60*time.Second)
		if err == nil || try == 3 {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: dial: %v", name, err)
	}
	ss := &session{h: h, name: name, c: c.(*net.TCPConn), r: bufio.NewReader(c), readDone: make(chan struct{}), joinIdx: -1, last: -1, atMark: -1, ownMsg: []byte(name + ": ")}
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	if line, err := ss.r.ReadString('\n'); err != nil || line != "* name?\n" {
		c.Close()
		return nil, fmt.Errorf("%s: prompt %q, %v", name, line, err)
	}
	if _, err := fmt.Fprintln(c, name); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: send name: %v", name, err)
	}
	line, err := ss.r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "* welcome "+name+", ") {
		c.Close()
		return nil, fmt.Errorf("%s: welcome %q, %v", name, line, err)
	}
	c.SetDeadline(time.Time{})
	h.st.joins.Add(1)
	go ss.read()
	return ss, nil
}

// send sends the session's next message.
func (ss *session) send() error {
	ss.seq++
	ss.c.SetWriteDeadline(time.Now().Add(time.Minute))
	_, err := fmt.Fprintf(ss.c, "m%d\n", ss.seq)
	if err == nil {
		ss.h.st.sent.Add(1)
	}
	return err
}

// read checks every line the session receives until the connection ends.
func (ss *session) read() {
	defer close(ss.readDone)
	for {
		b, err := ss.r.ReadSlice('\n')
		if err != nil {
			if err == bufio.ErrBufferFull {
				ss.h.fail("%s: line longer than %d bytes", ss.name, len(b))
			}
			ss.readErr = err
			return
		}
		b = b[:len(b)-1]
		mark := markLine.Load()
		if mark != nil && string(b) == *mark {
			ss.atMark = ss.received + int64(len(ss.pending)) + 1
			marks.Add(1)
		} else if left := markLeft.Load(); left != nil && string(b) == *left {
			markGone.Add(1)
		}
		if len(ss.pending) == 0 {
			if i, ok := ss.h.obs.lookup(b); ok {
				ss.check(i, b)
				continue
			}
		}
		ss.pending = append(ss.pending, string(b))
		ss.resolve()
	}
}

// resolve checks the pending lines the observer has numbered by now.
func (ss *session) resolve() {
	n := 0
	for _, line := range ss.pending {
		i, ok := ss.h.obs.lookup([]byte(line))
		if !ok {
			break
		}
		ss.check(i, []byte(line))
		n++
	}
	ss.pending = ss.pending[:copy(ss.pending, ss.pending[n:])]
}

// check checks one received line at the observer's position i.
func (ss *session) check(i int32, line []byte) {
	h := ss.h
	if ss.joinIdx < 0 {
		j, ok := h.obs.lookup([]byte("* " + ss.name + " joined"))
		if !ok {
			// The observer numbered a later line, so it has the join.
			h.st.outside.Add(1)
			h.fail("%s: received %q before the observer saw it join", ss.name, line)
			return
		}
		ss.joinIdx = j
	}
	switch {
	case i <= ss.joinIdx:
		h.st.outside.Add(1)
		h.fail("%s: received %q (#%d), broadcast before its join (#%d)", ss.name, line, i, ss.joinIdx)
	case i <= ss.last:
		h.st.misordered.Add(1)
		h.fail("%s: received %q (#%d) after #%d: duplicated or out of order", ss.name, line, i, ss.last)
	case bytes.HasPrefix(line, ss.ownMsg):
		h.st.ownEcho.Add(1)
		h.fail("%s: received its own message %q", ss.name, line)
	default:
		ss.last = i
		ss.received++
		h.st.delivered.Add(1)
	}
}

// leave ends the session and checks what it received against the
// observer's stream.
func (ss *session) leave(graceful bool) {
	h := ss.h
	select {
	case <-ss.readDone:
		// The server closed the connection first: it dropped the client.
		h.st.dropped.Add(1)
		h.fail("%s: the server closed the connection (%v)", ss.name, ss.readErr)
		graceful = false
	default:
	}
	if graceful {
		ss.c.CloseWrite()
		h.st.graceful.Add(1)
	} else {
		// Close only once the observer has every message: none of them
		// may be lost with the connection.
		if ss.seq > 0 {
			if _, ok := h.obs.await(fmt.Sprintf("%s: m%d", ss.name, ss.seq), time.Minute); !ok {
				h.fail("%s: the observer never saw message m%d", ss.name, ss.seq)
			}
		}
		ss.c.Close()
		h.st.abruptLeaves.Add(1)
	}
	select {
	case <-ss.readDone:
	case <-time.After(2 * time.Minute):
		h.fail("%s: no end of stream 2 minutes after leaving", ss.name)
		ss.c.Close()
		<-ss.readDone
	}
	ss.c.Close()
	if graceful && ss.readErr != io.EOF {
		h.fail("%s: stream ended with %v, not EOF", ss.name, ss.readErr)
	}
	left, ok := h.obs.await("* "+ss.name+" left", leaveWait)
	if !ok {
		h.fail("%s: the observer never saw it leave", ss.name)
		return
	}
	join, ok := h.obs.lookup([]byte("* " + ss.name + " joined"))
	if !ok {
		h.fail("%s: the observer saw it leave but not join", ss.name)
		return
	}
	ss.resolve()
	if len(ss.pending) > 0 {
		h.st.unknown.Add(int64(len(ss.pending)))
		h.fail("%s: received %d lines the room never broadcast, first %q", ss.name, len(ss.pending), ss.pending[0])
	}
	if ss.last >= left {
		h.st.outside.Add(1)
		h.fail("%s: received #%d, broadcast after its leave (#%d)", ss.name, ss.last, left)
	}
	// Its own messages all lie between its join and its leave.
	for k := 1; k <= ss.seq; k++ {
		if i, ok := h.obs.lookup([]byte(fmt.Sprintf("%s: m%d", ss.name, k))); !ok || i <= join || i >= left {
			h.fail("%s: message m%d not broadcast while it was a member (%v, #%d, join #%d, leave #%d)", ss.name, k, ok, i, join, left)
		}
	}
	// Lines it must have received: all between its join and its leave
	// (graceful), or between its join and the mark (inclusive).
	want, got, upto := int64(left-join-1)-int64(ss.seq), ss.received, left
	exact := graceful
	if !graceful && ss.atMark >= 0 {
		m, ok := h.obs.lookup([]byte(*markLine.Load()))
		if !ok {
			h.fail("%s: the observer never saw the mark", ss.name)
			return
		}
		want, got, upto, exact = int64(m-join)-int64(ss.seq), ss.atMark, m+1, true
	}
	if exact {
		h.st.expected.Add(want)
		h.st.checked.Add(min(got, want))
	}
	switch {
	case got > want:
		h.st.extra.Add(got - want)
		h.fail("%s: received %d lines, %d were broadcast while it was a member (up to #%d)", ss.name, got, want, upto)
	case got < want && exact:
		h.st.lost.Add(want - got)
		h.fail("%s: received %d lines of %d (up to #%d)", ss.name, got, want, upto)
	}
	// What an abrupt close left unread, from the mark (or join) to the leave.
	if !graceful {
		h.st.unread.Add(int64(left-join-1) - int64(ss.seq) - ss.received)
	}
}

// observer is the client that receives the room's whole stream and
// numbers its lines.
type observer struct {
	c    net.Conn
	mu   sync.RWMutex
	idx  map[string]int32
	wait map[string]chan struct{}
	n    int32
	dups []string
	done chan struct{}
	err  error
}

func newObserver(a string) (*observer, error) {
	var c net.Conn
	var err error
	for try := 0; try < 100; try++ { // the server may be starting
		if c, err = net.DialTimeout("tcp", a, 10*time.Second); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return nil, err
	}
	o := &observer{c: c, idx: map[string]int32{}, wait: map[string]chan struct{}{}, done: make(chan struct{})}
	r := bufio.NewReaderSize(c, 64<<10)
	c.SetDeadline(time.Now().Add(time.Minute))
	if line, err := r.ReadString('\n'); err != nil || line != "* name?\n" {
		return nil, fmt.Errorf("prompt %q, %v", line, err)
	}
	fmt.Fprintln(c, "observer")
	if line, err := r.ReadString('\n'); err != nil || line != "* welcome observer, 1 online\n" {
		return nil, fmt.Errorf("welcome %q, %v (is another client connected?)", line, err)
	}
	c.SetDeadline(time.Time{})
	go o.read(r)
	return o, nil
}

func (o *observer) read(r *bufio.Reader) {
	defer close(o.done)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			o.err = err
			return
		}
		line = line[:len(line)-1]
		o.mu.Lock()
		if _, ok := o.idx[line]; ok {
			o.dups = append(o.dups, line)
		} else {
			o.idx[line] = o.n
			o.n++
			if ch, ok := o.wait[line]; ok {
				close(ch)
				delete(o.wait, line)
			}
		}
		o.mu.Unlock()
	}
}

func (o *observer) lookup(line []byte) (int32, bool) {
	o.mu.RLock()
	i, ok := o.idx[string(line)]
	o.mu.RUnlock()
	return i, ok
}

func (o *observer) count() int32 {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return o.n
}

// await waits up to d for the observer to receive line.
func (o *observer) await(line string, d time.Duration) (int32, bool) {
	o.mu.Lock()
	if i, ok := o.idx[line]; ok {
		o.mu.Unlock()
		return i, true
	}
	ch, ok := o.wait[line]
	if !ok {
		ch = make(chan struct{})
		o.wait[line] = ch
	}
	o.mu.Unlock()
	select {
	case <-ch:
		return o.lookup([]byte(line))
	case <-time.After(d):
		return -1, false
	}
}

// close half-closes the observer's connection and waits for its end.
func (o *observer) close() {
	o.c.(*net.TCPConn).CloseWrite()
	select {
	case <-o.done:
	case <-time.After(time.Minute):
		o.err = errors.New("no end of stream a minute after leaving")
		o.c.Close()
		<-o.done
	}
	o.c.Close()
}

// finish checks the observer's own stream: no line twice, a clean end,
// and one join and one leave per session.
func (o *observer) finish(h *harness) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, d := range o.dups {
		h.fail("observer: received %q twice", d)
	}
	if o.err != io.EOF {
		h.fail("observer: stream ended with %v, not EOF", o.err)
	}
	var joins, leaves, msgs int64
	for line := range o.idx {
		switch {
		case strings.HasSuffix(line, " joined"):
			joins++
		case strings.HasSuffix(line, " left"):
			leaves++
		default:
			msgs++
		}
	}
	h.obsJoins, h.obsLeaves, h.obsMsgs, h.obsDups = joins, leaves, msgs, int64(len(o.dups))
	if joins != h.st.joins.Load() || leaves != joins {
		h.fail("observer: %d joins and %d leaves announced, %d joins made", joins, leaves, h.st.joins.Load())
	}
	if msgs != h.st.sent.Load() {
		h.fail("observer: %d messages broadcast, %d sent", msgs, h.st.sent.Load())
	}
}

// printFails prints the failures recorded so far.
func (h *harness) printFails() {
	h.failMu.Lock()
	defer h.failMu.Unlock()
	if h.nfail > len(h.fails) {
		fmt.Fprintf(os.Stderr, "chatsoak: ... %d failures in all\n", h.nfail)
	}
}

// server is a chat server the harness started.
type server struct {
	cmd    *exec.Cmd
	addr   string
	stderr *tailBuffer
	once   sync.Once
}

func startServer(bin, prog string) (*server, error) {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(abs, "run", prog, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "SPINDLE_STARVE_WARNING=0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // not left behind if the harness dies
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, stderr: &tailBuffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "chat: listening on "); ok {
				select {
				case found <- a:
				default:
				}
			}
		}
		close(found)
	}()
	select {
	case a, ok := <-found:
		if !ok {
			cmd.Wait()
			return nil, fmt.Errorf("server exited before listening: %s", s.stderr.String())
		}
		s.addr = a
	case <-time.After(5 * time.Minute):
		s.stop()
		return nil, errors.New("server did not listen within 5 minutes")
	}
	return s, checkLoopback(s.addr)
}

func (s *server) stop() {
	s.once.Do(func() {
		s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
	})
}

// tailBuffer keeps a server's stderr: the first 64 KiB, and counts lines
// saying a client was too slow.
type tailBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	slow int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.slow += bytes.Count(p, []byte("too slow"))
	if t.b.Len() < 64<<10 {
		t.b.Write(p[:min(len(p), 64<<10-t.b.Len())])
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

// checkLoopback refuses any address that is not a loopback IP.
func checkLoopback(a string) error {
	host, _, err := net.SplitHostPort(a)
	if err != nil {
		return fmt.Errorf("bad address %q: %v", a, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("address %q: only loopback addresses are allowed", a)
	}
	return nil
}

// raiseNofile raises the soft RLIMIT_NOFILE to the hard limit and returns it.
func raiseNofile() (uint64, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, fmt.Errorf("getrlimit: %v", err)
	}
	if rl.Cur < rl.Max {
		rl.Cur = rl.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
			return 0, fmt.Errorf("setrlimit: %v", err)
		}
	}
	return rl.Cur, nil
}
