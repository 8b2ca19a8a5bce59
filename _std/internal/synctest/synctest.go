// Package synctest is spindle's internal/synctest: the runtime side of
// testing/synctest (Go's own package, compiled from source over this
// one). A bubble is the VM's (internal/vm/bubble.go): fibers started in
// it join it, its clock is virtual and moves when nothing else can run.
// spindle's sync.WaitGroup does not associate itself with a bubble, so
// the Association functions report none.
package synctest

import "unsafe"

// Run runs f in a new bubble and returns when every goroutine in it has
// exited; it panics if they deadlock.
func Run(f func())

// Wait blocks until every other goroutine in the caller's bubble is
// durably blocked.
func Wait()

// IsInBubble reports whether the current goroutine is in a bubble.
func IsInBubble() bool

// Association is the state of a pointer's association with a bubble.
type Association int

const (
	Unbubbled     = Association(iota) // not associated with any bubble
	CurrentBubble                     // associated with the current bubble
	OtherBubble                       // associated with a different bubble
)

// Associate would associate p with the current bubble; spindle keeps no
// associations.
func Associate[T any](p *T) Association { return Unbubbled }

// Disassociate disassociates p from any bubble.
func Disassociate[T any](p *T) {}

// IsAssociated reports whether p is associated with the current bubble.
func IsAssociated[T any](p *T) bool { return false }

// A Bubble is a synctest bubble held outside it (Acquire).
type Bubble struct {
	b unsafe.Pointer
}

// Acquire returns nil: spindle has no callbacks from outside a bubble
// into it (Go's syscall/js uses them).
func Acquire() *Bubble { return nil }

// Release releases b.
func (b *Bubble) Release() {}

// Run runs f.
func (b *Bubble) Run(f func()) { f() }
