package std

import (
	"runtime"
	"sync"
	"weak"

	"spindle/internal/vm"
)

// Host side of the guest weak package: a guest weak.Pointer holds a
// weakBox, one per object (so Pointers made from one object compare
// equal), which holds the host's weak pointer to the object's storage.

type weakBox struct {
	t *vm.Type // the pointer type, to hand the pointer back as an any
	v weak.Pointer[vm.Value]
	b weak.Pointer[byte]
	w weak.Pointer[uint64]
}

func (wb *weakBox) value() any {
	switch {
	case wb.v != (weak.Pointer[vm.Value]{}):
		if p := wb.v.Value(); p != nil {
			return p
		}
	case wb.b != (weak.Pointer[byte]{}):
		if p := wb.b.Value(); p != nil {
			return p
		}
	case wb.w != (weak.Pointer[uint64]{}):
		if p := wb.w.Value(); p != nil {
			return p
		}
	}
	return nil
}

// weakBoxes interns boxes by object address; a box whose object died is
// replaced (and dropped by the cleanup that watches its object).
var weakBoxes struct {
	sync.Mutex
	m map[uintptr]*weakBox
}

func weakMake(f *vm.Fiber, args, res []vm.Value) {
	x := args[0].Iface()
	key := vm.Addr(x.V.R)
	weakBoxes.Lock()
	defer weakBoxes.Unlock()
	if wb := weakBoxes.m[key]; wb != nil && wb.t == x.T && wb.value() == x.V.R {
		res[0] = vm.Value{R: wb}
		return
	}
	wb := &weakBox{t: x.T}
	switch p := x.V.R.(type) {
	case *vm.Value:
		wb.v = weak.Make(p)
		runtime.AddCleanup(p, forgetWeak, key)
	case *byte:
		wb.b = weak.Make(p)
		runtime.AddCleanup(p, forgetWeak, key)
	case *uint64:
		wb.w = weak.Make(p)
		runtime.AddCleanup(p, forgetWeak, key)
	default:
		panic(vm.Fatal("weak.Make: not a pointer to an allocated object"))
	}
	if weakBoxes.m == nil {
		weakBoxes.m = map[uintptr]*weakBox{}
	}
	weakBoxes.m[key] = wb
	res[0] = vm.Value{R: wb}
}

func forgetWeak(key uintptr) {
	weakBoxes.Lock()
	defer weakBoxes.Unlock()
	if wb := weakBoxes.m[key]; wb != nil && wb.value() == nil {
		delete(weakBoxes.m, key)
	}
}

func weakValue(f *vm.Fiber, args, res []vm.Value) {
	wb, _ := args[0].R.(*weakBox)
	if wb == nil {
		res[0] = vm.Value{}
		return
	}
	p := wb.value()
	if p == nil {
		res[0] = vm.Value{}
		return
	}
	res[0] = vm.Value{R: &vm.Iface{T: wb.t, V: vm.Value{R: p}}}
}

var weakFuncs = hostTable{
	"weak.makeWeak":  weakMake,
	"weak.weakValue": weakValue,
}
