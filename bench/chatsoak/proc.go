package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clkTck is USER_HZ, the unit of utime and stime in /proc/PID/stat: 100
// on every Linux configuration Go supports.
const clkTck = 100

// procSample is one reading of a process's /proc files.
type procSample struct {
	rssKiB int64 // VmRSS
	fds    int   // entries of /proc/PID/fd
	ticks  int64 // utime + stime, in clock ticks
}

// readProc reads pid's resident memory, descriptors and CPU time; fields
// it cannot read are -1.
func readProc(pid int) procSample {
	s := procSample{rssKiB: -1, fds: -1, ticks: -1}
	if pid <= 0 {
		return s
	}
	dir := "/proc/" + strconv.Itoa(pid)
	if b, err := os.ReadFile(dir + "/status"); err == nil {
		for line := range strings.Lines(string(b)) {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				s.rssKiB, _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			}
		}
	}
	if f, err := os.Open(dir + "/fd"); err == nil {
		names, _ := f.Readdirnames(-1)
		f.Close()
		s.fds = len(names)
	}
	s.ticks = cpuTicks(dir + "/stat")
	return s
}

// cpuTicks returns utime + stime from a /proc/.../stat file.
func cpuTicks(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return -1
	}
	// The fields after the parenthesised command name: state is field 3,
	// utime and stime are fields 14 and 15.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return -1
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

func numCPU() int { return runtime.NumCPU() }

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// row is one line of the sample table.
type row struct {
	at        time.Duration // since the start
	phase     string
	live      int
	proc      procSample
	cpu, self float64 // server's and harness's CPU over the interval, fraction of one CPU
	linesPS   float64 // lines delivered to clients per second over the interval
	sent      int64
	joins     int64
	note      string
}

type sampler struct {
	h        *harness
	start    time.Time
	mu       sync.Mutex
	phase    string
	rows     []row
	warmAt   time.Time
	warmRow  int // index in rows of the first sample at or after warmAt; -1 until taken
	endRow   int // the "end of load" sample
	prevAt   time.Time
	prevProc procSample
	prevSelf int64
	prevDel  int64
	done     chan struct{}
	stopped  chan struct{}
}

func newSampler(h *harness, start time.Time) *sampler {
	s := &sampler{h: h, start: start, warmRow: -1, endRow: -1, done: make(chan struct{}), stopped: make(chan struct{})}
	s.prevAt, s.prevProc, s.prevSelf = time.Now(), readProc(h.pid), cpuTicks("/proc/self/stat")
	fmt.Printf("%7s  %-10s %6s %9s %6s %6s %6s %9s %7s %7s  %s\n", "t_s", "phase", "live", "rss_MiB", "fds", "cpu%", "gen%", "lines/s", "sent", "joins", "")
	return s
}

func (s *sampler) setPhase(p string) {
	s.mu.Lock()
	s.phase = p
	s.mu.Unlock()
}

func (s *sampler) markWarmupAt(t time.Time) {
	s.mu.Lock()
	s.warmAt = t
	s.mu.Unlock()
}

func (s *sampler) loop() {
	defer close(s.stopped)
	t := time.NewTicker(*sample)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			s.sampleNow("")
		}
	}
}

func (s *sampler) stop() {
	close(s.done)
	<-s.stopped
}

// sampleNow takes and prints one sample.
func (s *sampler) sampleNow(note string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	p := readProc(s.h.pid)
	self := cpuTicks("/proc/self/stat")
	del := s.h.st.delivered.Load()
	if s.h.obs != nil {
		del += int64(s.h.obs.count())
	}
	dt := now.Sub(s.prevAt).Seconds()
	live := 0
	for _, sl := range s.h.slots {
		if sl.live.Load() {
			live++
		}
	}
	r := row{
		at: now.Sub(s.start), phase: s.phase, live: live, proc: p,
		cpu:     float64(p.ticks-s.prevProc.ticks) / clkTck / dt,
		self:    float64(self-s.prevSelf) / clkTck / dt,
		linesPS: float64(del-s.prevDel) / dt,
		sent:    s.h.st.sent.Load(), joins: s.h.st.joins.Load(), note: note,
	}
	s.prevAt, s.prevProc, s.prevSelf, s.prevDel = now, p, self, del
	if s.warmRow < 0 && !s.warmAt.IsZero() && !now.Before(s.warmAt) {
		s.warmRow = len(s.rows)
		if r.note == "" {
			r.note = "warmed up"
		}
	}
	if note == "end of load" {
		s.endRow = len(s.rows)
	}
	s.rows = append(s.rows, r)
	fmt.Printf("%7.0f  %-10s %6d %9.1f %6d %6.1f %6.1f %9.0f %7d %7d  %s\n",
		r.at.Seconds(), r.phase, r.live, float64(p.rssKiB)/1024, p.fds, 100*r.cpu, 100*r.self, r.linesPS, r.sent, r.joins, r.note)
}

// report prints the summary and returns an error if any check failed.
func (h *harness) report(smp *sampler, srv *server, base procSample, ramp time.Duration) error {
	smp.mu.Lock()
	rows, warm, end := smp.rows, smp.warmRow, smp.endRow
	smp.mu.Unlock()
	st := &h.st
	slow := 0
	if srv != nil {
		srv.stderr.mu.Lock()
		slow = srv.stderr.slow
		srv.stderr.mu.Unlock()
		if slow > 0 {
			h.fail("the server dropped %d slow clients", slow)
		}
	}
	mib := func(kib int64) string { return fmt.Sprintf("%.1f MiB", float64(kib)/1024) }
	fmt.Println()
	fmt.Println("chatsoak: summary")
	line := func(k, v string, args ...any) { fmt.Printf("  %-22s %s\n", k, fmt.Sprintf(v, args...)) }
	line("server", "%s, pid %d", h.addr, h.pid)
	line("clients", "%d (+1 observer), joined in %.1f s; churn %v", *conns, ramp.Seconds(), *duration)
	line("sessions", "%d joins: %d graceful leaves, %d abrupt; %d connection errors", st.joins.Load(), st.graceful.Load(), st.abruptLeaves.Load(), st.connErrs.Load())
	line("probe connections", "%d (%d failed)", st.probesOK.Load()+st.probesFailed.Load(), st.probesFailed.Load())
	line("messages", "%d sent, %d broadcast (observer), %d broadcast twice", st.sent.Load(), h.obsMsgs, h.obsDups)
	line("room lines", "%d joins and %d leaves announced", h.obsJoins, h.obsLeaves)
	line("deliveries", "%d lines received by clients; %d of them counted exactly against the %d due (whole sessions, or up to the mark)",
		st.delivered.Load(), st.checked.Load(), st.expected.Load())
	line("  errors", "lost %d, extra %d, duplicated or out of order %d, own echoed %d, outside membership %d, never broadcast %d",
		st.lost.Load(), st.extra.Load(), st.misordered.Load(), st.ownEcho.Load(), st.outside.Load(), st.unknown.Load())
	line("  unread at close", "%d (broadcast after the mark, or during churn, to a client that then closed without reading them)", st.unread.Load())
	line("dropped as too slow", "%d (server stderr), %d connections closed by the server", slow, st.dropped.Load())
	line("server RSS", "%s before the first client", mib(base.rssKiB))
	line("server fds", "%d before the first client", base.fds)
	if warm >= 0 && end >= warm {
		w, e := rows[warm], rows[end]
		minR, maxR, minF, maxF := w.proc.rssKiB, w.proc.rssKiB, w.proc.fds, w.proc.fds
		for _, r := range rows[warm : end+1] {
			minR, maxR = min(minR, r.proc.rssKiB), max(maxR, r.proc.rssKiB)
			minF, maxF = min(minF, r.proc.fds), max(maxF, r.proc.fds)
		}
		line("  at warm-up", "t=%.0fs: RSS %s, %d fds", w.at.Seconds(), mib(w.proc.rssKiB), w.proc.fds)
		line("  end of load", "t=%.0fs: RSS %s (%+.1f%%), %d fds", e.at.Seconds(), mib(e.proc.rssKiB), 100*float64(e.proc.rssKiB-w.proc.rssKiB)/float64(w.proc.rssKiB), e.proc.fds)
		line("  between", "RSS %s to %s; fds %d to %d", mib(minR), mib(maxR), minF, maxF)
		var cpu float64
		for _, r := range rows[warm+1 : end+1] {
			cpu += r.cpu
		}
		if n := end - warm; n > 0 {
			line("  server CPU", "%.0f%% of one CPU on average under load", 100*cpu/float64(n))
		}
	}
	if n := len(rows); n > 0 {
		last := rows[n-1]
		line("  after close", "RSS %s, %d fds", mib(last.proc.rssKiB), last.proc.fds)
		if last.proc.fds > base.fds {
			h.fail("the server holds %d descriptors after every client left, %d before the first", last.proc.fds, base.fds)
		}
	}
	line("server CPU when idle", "%.2f%% of one CPU over %v with every client connected, %.2f%% after they left", 100*h.idleOpen, *idle, 100*h.idleClosed)
	line("load average", "%s (%d CPUs)", loadavg(), numCPU())
	n := h.failures()
	h.printFails()
	if n > 0 {
		fmt.Printf("  %-22s FAIL (%d failed checks)\n", "result", n)
		return fmt.Errorf("%d checks failed", n)
	}
	fmt.Printf("  %-22s PASS\n", "result")
	return nil
}
