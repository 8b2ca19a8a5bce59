package fiber

import (
	"errors"
	"unsafe"
)

// Actors.
//
// An actor is a detached fiber on one shard that owns a state and handles
// the messages of its mailbox, a bounded Shared channel, one at a time, in
// arrival order: the handler is the only code that touches the state, so it
// needs no locks. Its address, a *Actor, may be sent to any shard.
// Messages and replies cross shards as every Shared message does (copied).
//
// Send never parks: it reports ErrMailboxFull when the mailbox is full and
// drops a message to a dead actor (Erlang's rule: a send to a dead process
// is not an error). Call parks the caller until the handler has returned
// the reply. Stop closes the mailbox: the actor handles what is already
// queued and then ends. A handler that panics kills the actor: the panic is
// recovered, the pending and in-flight Calls get ErrActorDead, and the
// monitors receive an ActorExit whose Err is a *PanicError. Main does not
// wait for actors; the run ends when main returns.
//
// A handler that Calls its own actor waits for itself (a deadlock).

// Errors reported by actor operations.
var (
	ErrMailboxFull = errors.New("fiber: mailbox full")
	ErrActorDead   = errors.New("fiber: actor is dead")
)

// DefaultMailbox is the mailbox capacity of NewActor.
const DefaultMailbox = 1024

// Actor is the address of an actor whose messages are M and whose handler
// returns R. A *Actor may be sent across shards (it is a handle).
type Actor[M, R any] struct {
	mailbox *Shared[envelope[M, R]]
	watch   unsafe.Pointer // the host's exit record and monitors
	shard   int
	id      int64
}

// ActorExit reports how an actor ended.
type ActorExit struct {
	ID  int64
	Err error // nil: stopped; a *PanicError when the handler panicked (the actor dies)
}

// envelope is one mailbox entry: a message and, for a Call, the channel
// its reply goes to.
type envelope[M, R any] struct {
	Msg   M
	Reply *Shared[R] // nil for Send
}

// actorInit is what the actor's fiber starts from (copied to its shard).
type actorInit[S, M, R any] struct {
	state   S
	handle  func(s *S, m M) R
	mailbox *Shared[envelope[M, R]]
	watch   unsafe.Pointer
}

// NewActor starts an actor on shard (AnyShard: round-robin; an index is
// taken modulo ShardCount) with initial state; handle processes one message
// at a time and must not capture variables. The mailbox holds
// DefaultMailbox messages.
func NewActor[S, M, R any](shard int, state S, handle func(s *S, m M) R) *Actor[M, R] {
	return NewActorMailbox(shard, DefaultMailbox, state, handle)
}

// NewActorMailbox is NewActor with a mailbox of the given capacity (>= 1).
func NewActorMailbox[S, M, R any](shard, mailbox int, state S, handle func(s *S, m M) R) *Actor[M, R] {
	if mailbox < 1 {
		panic("fiber: NewActorMailbox mailbox must be at least 1")
	}
	if handle == nil {
		panic("fiber: NewActor with a nil handler")
	}
	k := fiber_shard_place(shard)
	a := &Actor[M, R]{
		mailbox: NewSharedBounded[envelope[M, R]](mailbox),
		watch:   fiber_actor_watch_new(),
		shard:   k,
	}
	f := SpawnOn(k, runActor[S, M, R], actorInit[S, M, R]{state: state, handle: handle, mailbox: a.mailbox, watch: a.watch})
	a.id = f.ID()
	f.Detach()
	return a
}

// Send queues m for the actor; it never parks. It returns ErrMailboxFull
// when the mailbox is full; a message to a dead (or stopped) actor is
// dropped and Send returns nil.
func (a *Actor[M, R]) Send(m M) error {
	if fiber_shared_try_send_status[envelope[M, R]](a.mailbox.h, envelope[M, R]{Msg: m}) == 3 {
		return ErrMailboxFull
	}
	return nil
}

// Call sends m and parks the caller until the handler has returned its
// reply. It returns ErrActorDead if the actor is dead or stopped, or dies
// before replying (its handler panicked); ErrMailboxFull when the mailbox
// is full; ErrCancelled if the caller is cancelled while waiting.
func (a *Actor[M, R]) Call(m M) (R, error) {
	var zero R
	reply := NewSharedBounded[R](1)
	switch fiber_shared_try_send_status[envelope[M, R]](a.mailbox.h, envelope[M, R]{Msg: m, Reply: reply}) {
	case 1:
		return zero, ErrActorDead
	case 3:
		return zero, ErrMailboxFull
	}
	r, err := reply.Receive()
	switch err {
	case nil:
		return r, nil
	case ErrClosed:
		return zero, ErrActorDead
	}
	reply.Close()
	return zero, err
}

// Stop asks the actor to end (idempotent): it handles the messages already
// queued, then ends normally (its monitors receive a nil Err). Messages
// sent afterwards are dropped and Calls return ErrActorDead.
func (a *Actor[M, R]) Stop() { a.mailbox.Close() }

// Monitor returns a channel that receives exactly one ActorExit when the
// actor ends (at once if it already has) and is then closed.
func (a *Actor[M, R]) Monitor() *Shared[ActorExit] {
	ch := NewSharedBounded[ActorExit](1)
	fiber_actor_watch(a.watch, ch.h)
	return ch
}

// Shard returns the index of the actor's shard.
func (a *Actor[M, R]) Shard() int { return a.shard }

// ID returns the id of the actor's fiber.
func (a *Actor[M, R]) ID() int64 { return a.id }

// runActor is the actor's fiber: it handles the mailbox until it is closed
// and drained (Stop) or a handler panics.
func runActor[S, M, R any](in actorInit[S, M, R]) struct{} {
	state := in.state
	for {
		env, err := in.mailbox.Receive()
		if err != nil {
			// ErrClosed: stopped and drained. ErrCancelled: the run is
			// being cancelled.
			if err == ErrClosed {
				err = nil
			}
			actorEnd(in, err, nil)
			return struct{}{}
		}
		if pe := handleOne(in.handle, &state, env); pe != nil {
			actorEnd(in, pe, env.Reply)
			return struct{}{}
		}
	}
}

// handleOne runs the handler on one message and sends the reply of a Call;
// it returns the panic that escaped either, recovered.
func handleOne[S, M, R any](handle func(s *S, m M) R, s *S, env envelope[M, R]) (pe *PanicError) {
	done := false
	defer func() {
		if !done {
			v := recover()
			pe = &PanicError{Value: v, Stack: fiber_stack()}
		}
	}()
	r := handle(s, env.Msg)
	if env.Reply != nil {
		env.Reply.TrySend(r)
	}
	done = true
	return nil
}

// actorEnd records the actor's exit, notifying its monitors, closes the
// mailbox and fails every Call still waiting: those queued and the one in
// flight (inflight, when the handler panicked).
func actorEnd[S, M, R any](in actorInit[S, M, R], reason error, inflight *Shared[R]) {
	exit := ActorExit{ID: ID(), Err: reason}
	if msg := fiber_actor_exit(in.watch, exit); msg != "" {
		// The panic value cannot cross shards: report a nil value and name
		// the problem in the stack, as Join does.
		stack := ""
		if pe, ok := reason.(*PanicError); ok {
			stack = pe.Stack
		}
		fiber_actor_exit(in.watch, ActorExit{ID: exit.ID, Err: &PanicError{Stack: msg + "\n" + stack}})
	}
	in.mailbox.Close()
	if inflight != nil {
		inflight.Close()
	}
	for {
		env, ok := in.mailbox.TryReceive()
		if !ok {
			break
		}
		if env.Reply != nil {
			env.Reply.Close()
		}
	}
}

func fiber_shard_place(shard int) int
func fiber_stack() string
func fiber_shared_try_send_status[T any](h unsafe.Pointer, v T) int { panic(builtin) }
func fiber_actor_watch_new() unsafe.Pointer
func fiber_actor_watch(w, ch unsafe.Pointer)
func fiber_actor_exit(w unsafe.Pointer, exit ActorExit) string
