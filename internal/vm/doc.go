// Package vm executes compiled guest programs: the value representation,
// the instruction set and its verifier, the dispatch loop, fibers, channels,
// select, timers and the single-shard scheduler.
//
// Owns: everything a running program is made of. Imports internal/poll (a
// shard's event loop) and the Go standard library; must not import the
// compiler, the loader, the guest std bindings or the root package (they
// import vm).
//
// # Vocabulary
//
//   - Machine: one run of a program on one OS thread: a shard. It owns a run
//     queue, timers, an inbox for work posted from other threads, an event
//     loop (created on first use), the program's globals and every fiber of
//     the run. Nothing in a Machine is shared with another Machine except
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
//
// # Rejected designs
//
// A host goroutine per guest goroutine (yaegi, go/ssa/interp) gives no
// control of scheduling: no determinism, no cancellation of a blocked
// goroutine, leaks when a run is abandoned. A register file of boxed
// interfaces allocates on arithmetic (measured 10x slower, value_bench_test.go).
// Closure-threaded code was 2x slower than a switch in the project's
// prototype. Go stacks for fibers (one host stack each) cost kilobytes per
// fiber; frames on an explicit stack cost a few hundred bytes and let a
// fiber park at any depth.
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
// switch directly from a
// parking fiber to the next runnable one. See docs/DESIGN.md for the value
// representation, frames, panics, the fiber lifecycle and shutdown;
// fiber.go, lifecycle.go and sched.go document states and invariants.
package vm
