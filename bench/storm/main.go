//go:build spindle

// Command storm is a cross-shard message storm with random cancels: every
// shard holds -slots slots, each with a sender fiber, a receiver fiber and
// a bounded Shared inbox. Senders send sequence-numbered messages to
// random slots, mostly on other shards; main cancels random senders and
// receivers (a whole shard's receivers at once now and then), joins each
// and starts its next generation. When -d has passed it stops every
// fiber, drains the inboxes and checks that every message whose Send
// returned nil was received exactly once, in order, and that none whose
// Send returned ErrCancelled was. It prints one line and exits 1 on any
// mismatch. soak_test.go runs it (bench/soak.sh storm).
//
//	SPINDLE_SHARDS=4 spindle run bench/storm/main.go -- -d 10s
//
// The ledgers live in package variables, which are per shard, so they
// outlive the fibers that write them: a slot's sender and receiver are
// each one fiber at a time (a new generation starts only after main has
// joined the old one), and a fiber is cancelled only where it parks, so
// a Send that returned nil is always counted and a received message
// always checked before the fiber can be stopped.
package main

import (
	"fiber"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"time"
)

// Msg is one message: the sending and receiving slots and the sender's
// sequence number for that receiver (0, 1, ...).
type Msg struct {
	From, To int
	Seq      int64
}

// Config is what every worker gets.
type Config struct {
	Slots, PerShard int
	Inboxes         []*fiber.Shared[Msg]
	Seed            int64
}

func (c Config) shardOf(slot int) int { return slot / c.PerShard }

// Worker starts one generation of a slot's sender or receiver.
type Worker struct {
	Cfg       Config
	Slot, Gen int
	Receiver  bool
}

func work(w Worker) int {
	l := ledgers[w.Slot]
	fiber.OnCancelled(func() { l.onCancel++ })
	if w.Receiver {
		return receive(w)
	}
	return send(w)
}

// ledger is a slot's record, on the slot's shard.
type ledger struct {
	sent      []int64 // sent[to]: messages to slot to whose Send returned nil
	next      []int64 // next[from]: the sequence number due next from slot from
	received  int64
	cancelled int64 // Sends that returned ErrCancelled
	onCancel  int64 // OnCancelled handlers run (sender and receiver)
	bad       []string
}

// ledgers holds this shard's slots' ledgers (package variables are per
// shard); setup fills it before any worker starts.
var ledgers map[int]*ledger

func setup(c Config) {
	ledgers = map[int]*ledger{}
	for i := 0; i < c.PerShard; i++ {
		slot := fiber.Shard()*c.PerShard + i
		ledgers[slot] = &ledger{sent: make([]int64, c.Slots), next: make([]int64, c.Slots)}
	}
}

func (l *ledger) fail(format string, args ...any) {
	if len(l.bad) < 10 {
		l.bad = append(l.bad, fmt.Sprintf(format, args...))
	}
}

// send sends to random slots until it is cancelled.
func send(w Worker) int {
	c := w.Cfg
	l := ledgers[w.Slot]
	r := rand.New(rand.NewSource(c.Seed + int64(w.Slot)<<20 + int64(w.Gen)))
	for {
		to := r.Intn(c.Slots)
		if c.shardOf(to) == fiber.Shard() && r.Intn(4) != 0 {
			to = (to + c.PerShard) % c.Slots // mostly to another shard
		}
		m := Msg{From: w.Slot, To: to, Seq: l.sent[to]}
		if r.Intn(4) == 0 {
			if c.Inboxes[to].TrySend(m) {
				l.sent[to]++
			} else {
				fiber.Yield()
			}
			continue
		}
		switch err := c.Inboxes[to].Send(m); err {
		case nil:
			l.sent[to]++
		case fiber.ErrCancelled:
			// Not sent: the next generation sends this number again, so
			// a message sent anyway would arrive twice.
			l.cancelled++
			return 0
		default:
			l.fail("slot %d: send to %d: %v", w.Slot, to, err)
			return 0
		}
		if r.Intn(8) == 0 {
			fiber.Yield() // a park point, where a cancel reaches a sender that never waits
		}
	}
}

// receive takes messages from the slot's inbox until it is cancelled,
// with Receive, ReceiveMany or TryReceive at random.
func receive(w Worker) int {
	c := w.Cfg
	l := ledgers[w.Slot]
	in := c.Inboxes[w.Slot]
	r := rand.New(rand.NewSource(c.Seed + int64(w.Slot)<<20 + int64(w.Gen) + 1<<40))
	buf := make([]Msg, 8)
	for {
		switch r.Intn(3) {
		case 0:
			m, err := in.Receive()
			if err != nil {
				return stopped(l, w, err)
			}
			l.take(w.Slot, m)
		case 1:
			n, err := in.ReceiveMany(buf[:1+r.Intn(len(buf))])
			if err != nil {
				return stopped(l, w, err)
			}
			for _, m := range buf[:n] {
				l.take(w.Slot, m)
			}
		default:
			if m, ok := in.TryReceive(); ok {
				l.take(w.Slot, m)
			} else {
				fiber.Yield()
			}
		}
	}
}

func stopped(l *ledger, w Worker, err error) int {
	if err != fiber.ErrCancelled {
		l.fail("slot %d: receive: %v", w.Slot, err)
	}
	return 0
}

// take checks one received message against the sender's sequence.
func (l *ledger) take(slot int, m Msg) {
	want := l.next[m.From]
	switch {
	case m.To != slot:
		l.fail("slot %d received a message for slot %d", slot, m.To)
	case m.Seq == want:
		l.next[m.From]++
		l.received++
	case m.Seq < want:
		l.fail("slot %d: message %d from slot %d received again (%d due)", slot, m.Seq, m.From, want)
	default:
		l.fail("slot %d: message %d from slot %d received, %d..%d lost", slot, m.Seq, m.From, want, m.Seq-1)
		l.next[m.From] = m.Seq + 1
	}
}

// drain takes what is left in this shard's inboxes once every worker has
// stopped.
func drain(c Config) {
	for slot, l := range ledgers {
		for {
			m, ok := c.Inboxes[slot].TryReceive()
			if !ok {
				break
			}
			l.take(slot, m)
		}
	}
}

// Report is a shard's ledgers, sent back to main.
type Report struct {
	Slots map[int]SlotReport
}

type SlotReport struct {
	Sent, Next          []int64
	Received, Cancelled int64
	OnCancel            int64
	Bad                 []string
}

func report() Report {
	r := Report{Slots: map[int]SlotReport{}}
	for slot, l := range ledgers {
		r.Slots[slot] = SlotReport{Sent: l.sent, Next: l.next, Received: l.received, Cancelled: l.cancelled, OnCancel: l.onCancel, Bad: l.bad}
	}
	return r
}

// Job is a step main runs on every shard.
type Job struct {
	Cfg  Config
	Step string // "setup", "drain" or "report"
}

func shardJob(j Job) Report {
	switch j.Step {
	case "setup":
		setup(j.Cfg)
	case "drain":
		drain(j.Cfg)
	case "report":
		return report()
	}
	return Report{}
}

// onEach runs step on every shard and waits for all of them.
func onEach(c Config, step string) []Report {
	var fs []*fiber.Fiber[Report]
	for s := 0; s < fiber.ShardCount(); s++ {
		fs = append(fs, fiber.SpawnOn(s, shardJob, Job{c, step}))
	}
	out := make([]Report, len(fs))
	for i, f := range fs {
		v, err := f.Join()
		if err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			os.Exit(1)
		}
		out[i] = v
	}
	return out
}

func main() {
	d := flag.Duration("d", 5*time.Second, "how long the storm runs")
	perShard := flag.Int("slots", 4, "slots per shard")
	capacity := flag.Int("cap", 4, "inbox capacity (small, so that senders park)")
	seed := flag.Int64("seed", 1, "seed for every random choice")
	flag.Parse()
	shards := fiber.ShardCount()
	c := Config{Slots: shards * *perShard, PerShard: *perShard, Seed: *seed}
	for i := 0; i < c.Slots; i++ {
		c.Inboxes = append(c.Inboxes, fiber.NewSharedBounded[Msg](*capacity))
	}
	onEach(c, "setup")

	type role struct {
		receiver bool
		fs       []*fiber.Fiber[int]
		gens     []int
	}
	roles := []*role{{receiver: false}, {receiver: true}}
	for _, ro := range roles {
		ro.fs, ro.gens = make([]*fiber.Fiber[int], c.Slots), make([]int, c.Slots)
		for slot := range ro.fs {
			ro.fs[slot] = fiber.SpawnOn(c.shardOf(slot), work, Worker{c, slot, 0, ro.receiver})
		}
	}
	// stop cancels and joins the given slots' fibers of role ro.
	stop := func(ro *role, slots []int) {
		for _, s := range slots {
			ro.fs[s].Cancel()
		}
		for _, s := range slots {
			if _, err := ro.fs[s].Join(); err != fiber.ErrCancelled {
				fmt.Fprintf(os.Stderr, "storm: slot %d: Join after Cancel returned %v\n", s, err)
				os.Exit(1)
			}
		}
	}
	r := rand.New(rand.NewSource(*seed))
	cancels := 0
	deadline := time.Now().Add(*d)
	fmt.Fprintln(os.Stderr, "storm: running") // soak_test.go may cancel the run from now on
	for time.Now().Before(deadline) {
		time.Sleep(time.Duration(r.Intn(300)) * time.Microsecond)
		ro := roles[r.Intn(len(roles))]
		slots := []int{r.Intn(c.Slots)}
		if r.Intn(16) == 0 { // every slot of one shard at once
			slots = slots[:0]
			sh := r.Intn(shards)
			for i := 0; i < c.PerShard; i++ {
				slots = append(slots, sh*c.PerShard+i)
			}
		}
		stop(ro, slots)
		for _, s := range slots {
			ro.gens[s]++
			ro.fs[s] = fiber.SpawnOn(c.shardOf(s), work, Worker{c, s, ro.gens[s], ro.receiver})
		}
		cancels += len(slots)
	}
	all := make([]int, c.Slots)
	for i := range all {
		all[i] = i
	}
	stop(roles[0], all) // senders first: nothing is sent after this
	stop(roles[1], all)
	onEach(c, "drain")

	// Every message whose Send returned nil was received once, in order.
	var sent, received, cancelledSends, handlers int64
	bad := 0
	slot := map[int]SlotReport{}
	for _, rep := range onEach(c, "report") {
		for s, sr := range rep.Slots {
			slot[s] = sr
			received += sr.Received
			cancelledSends += sr.Cancelled
			handlers += sr.OnCancel
			for _, b := range sr.Bad {
				fmt.Fprintln(os.Stderr, "storm:", b)
				bad++
			}
		}
	}
	for from := 0; from < c.Slots; from++ {
		for to := 0; to < c.Slots; to++ {
			n, got := slot[from].Sent[to], slot[to].Next[from]
			sent += n
			if n != got {
				fmt.Fprintf(os.Stderr, "storm: slot %d sent %d messages to slot %d, which received %d\n", from, n, to, got)
				bad++
			}
		}
	}
	// Every fiber was cancelled once: by the storm, or by the final stop.
	if want := int64(cancels + 2*c.Slots); handlers != want {
		fmt.Fprintf(os.Stderr, "storm: %d OnCancelled handlers ran for %d cancelled fibers\n", handlers, want)
		bad++
	}
	if sent != received {
		fmt.Fprintf(os.Stderr, "storm: %d messages sent, %d received\n", sent, received)
		bad++
	}
	fmt.Printf("storm: shards=%d slots=%d sent=%d received=%d lost=%d cancels=%d cancelled_sends=%d gens=%d/%d",
		shards, c.Slots, sent, received, sent-received, cancels, cancelledSends, sum(roles[0].gens), sum(roles[1].gens))
	if bad > 0 {
		fmt.Printf(" FAIL (%d problems)\n", bad)
		os.Exit(1)
	}
	fmt.Println(" ok")
}

func sum(xs []int) (n int) {
	for _, x := range xs {
		n += x
	}
	return n
}
