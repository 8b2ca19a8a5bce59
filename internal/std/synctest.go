package std

import "spindle/internal/vm"

// internal/synctest over the VM's bubbles (internal/vm/bubble.go), for
// Go's own testing/synctest.

var synctestFuncs = hostTable{
	"internal/synctest.Run":        synctestRun,
	"internal/synctest.Wait":       synctestWait,
	"internal/synctest.IsInBubble": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Bool(f.Bubble() != nil) },
}

// Run(f func()): the caller parks until the bubble's fibers have all
// finished, and panics as Go does if they deadlock.
func synctestRun(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		if b, _ := f.HostState().(*vm.Bubble); b != nil {
			f.SetHostState(nil)
			if d := b.Deadlock(); d != "" {
				panic(vm.PlainError(d))
			}
		}
		return
	}
	if f.Bubble() != nil {
		panic(vm.PlainError("synctest.Run called from within a synctest bubble"))
	}
	c, _ := args[0].R.(*vm.Closure)
	if c == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	f.Park("synctest.Run")
	f.SetHostState(f.M.NewBubble(f, c))
}

// Wait(): the caller parks until the rest of its bubble is blocked.
func synctestWait(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	b := f.Bubble()
	if b == nil {
		panic(vm.PlainError("goroutine is not in a bubble"))
	}
	if b.Waiting() {
		panic(vm.PlainError("wait already in progress"))
	}
	f.Park("synctest.Wait")
	b.SetWaiter(f)
}
