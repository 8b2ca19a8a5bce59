// Package vm executes compiled guest programs: the value representation,
// the instruction set and its verifier, the dispatch loop, fibers, channels,
// select, timers, panics, and the scheduler of each shard and of the
// group of shards one run uses.
//
// Owns: everything a running program is made of. Imports internal/poll (a
// shard's event loop), golang.org/x/sys/unix (thread ids, CPU affinity)
// and the Go standard library; must not import the compiler, the loader,
// the guest std bindings or the root package (they import vm;
// deps_test.go checks the rules).
//
// # Vocabulary
//
//   - Machine: one shard of a run: one OS thread. It owns a run queue,
//     timers, an inbox for work posted from other threads, an event loop
//     (created on first use), its copy of the program's globals and every
//     fiber of the shard. Nothing in a Machine is shared with another Machine except
//     the immutable Program.
//   - Fiber: a guest goroutine: a stack of frames whose registers live in
//     one []Value, plus wait state. Never a host goroutine.
//   - Slice: the stretch a fiber runs before it parks, finishes or spends
//     its budget of reductions (one per call and per backward jump).
//   - Park: a fiber stops inside an instruction (a channel operation, a host
//     call such as Lock or Sleep) and leaves the run queue; the instruction
//     re-executes in completion mode when the fiber is woken. A park has a
//     generation; wake-ups go through a Token for it, so late ones are
//     ignored.
//   - Post: another thread hands the machine a function to run on its own
//     thread (a syscall-pool result, an I/O readiness callback).
//   - Group: the shards of one run (group.go); shard 0 runs main, the
//     others start when the program first places work on them.
//
// # The run loop, outermost first
//
// One verb per layer, so a name says which loop a function belongs to:
//
//   - Group.Run runs a program on its shards and returns the exit status;
//     Machine.Run (shard 0) and Machine.runShard (the others) own one OS
//     thread each.
//   - schedule is a shard's scheduler loop: it drains the run queue,
//     handles a panic that escaped a slice (handlePanics), and idles
//     (idle: timers, the event loop, the inbox, deadlock detection) until
//     the machine exits.
//   - drainRunQueue runs queued fibers one slice each, with the periodic
//     checks (dump requests, the poller, cancellation, timers) every 256
//     slices.
//   - execute runs slices back to back: when the running fiber parks it
//     switches to the next runnable one in place (switchFrom).
//   - dispatch is the dispatch loop: one fiber's instructions until its
//     slice ends. dispatchSlow, sendSlow and recvSlow are its slow paths,
//     dispatchCallback its entry for a guest function called back from
//     host code (CallGuest).
//
// # Rejected designs
//
// A host goroutine per guest goroutine (yaegi, go/ssa/interp) gives no
// control of scheduling: no determinism, no cancellation of a blocked
// goroutine, leaks when a run is abandoned. A register file of boxed
// interfaces allocates on arithmetic (10x slower: value_bench_test.go). A
// switch over opcodes, not closure-threaded code: Go compiles it to a
// jump table, with no indirect call per instruction. Go stacks for fibers
// (one host stack each) cost kilobytes per fiber; frames on an explicit
// stack cost a few hundred bytes and let a fiber park at any depth.
//
// # The chosen design
//
// The compiler's typed instructions read and write registers through
// unchecked pointer arithmetic, made safe by Verify; the hot dispatch loop
// keeps only the instruction pointer, the register base and the fiber live
// and sends anything that calls into the runtime to a separate function,
// so Go keeps its state in machine registers. Fibers are scheduled FIFO
// (a fiber the running one woke runs next in the rest of its budget, as
// Go's runnext; runq.go), preempted by reductions like BEAM processes, and
// switch directly from a parking fiber to the next runnable one. See
// docs/DESIGN.md for the value representation, frames, panics, the fiber
// lifecycle and shutdown; fiber.go, lifecycle.go and sched.go document
// states and invariants, panic.go the panic paths, hostcall.go the host
// boundary.
package vm
