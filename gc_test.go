package spindle

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"weak"

	"spindle/internal/compile"
	"spindle/internal/std"
	"spindle/internal/vm"
)

// Fiber frames are GC roots: an object referenced only from a parked
// fiber's registers survives collections, and is collected once the fiber
// drops it, even while its handle (and so its fiber record, which may
// hold its first registers) is kept; a popped frame keeps nothing alive
// (writeonce acceptance criterion 4). The guest calls two host functions: track makes a weak
// pointer to an object's storage, check collects and compares.
func TestFiberFramesAreGCRoots(t *testing.T) {
	src := `package main

import "fiber"

func track(p *[64]int)
func check(label string, wantAlive bool)

func start(ch chan int) *fiber.Fiber[int] {
	obj := new([64]int)
	obj[0] = 7
	track(obj)
	return fiber.Spawn(func() int {
		<-ch // parked, holding obj only in this fiber's registers
		return obj[0]
	})
}

func temp() {
	obj := new([64]int)
	track(obj)
}

func main() {
	ch := make(chan int)
	f := start(ch)
	fiber.Yield() // let it park
	check("while the fiber is parked", true)
	ch <- 1
	v, err := f.Join()
	println(v, err == nil)
	check("after the fiber ended", false)
	println(f.ID() > 0) // the handle (and the fiber record) are still live
	temp()
	check("after temp's frame was popped", false)
}
`
	var wp weak.Pointer[vm.Value]
	var failures []string
	host := map[string]vm.HostFunc{}
	for k, v := range std.Host {
		host[k] = v
	}
	host["main.track"] = func(f *vm.Fiber, args, res []vm.Value) {
		wp = weak.Make(args[0].Ptr())
	}
	host["main.check"] = func(f *vm.Fiber, args, res []vm.Value) {
		label, want := args[0].String(), args[1].Bool()
		runtime.GC()
		runtime.GC()
		if alive := wp.Value() != nil; alive != want {
			failures = append(failures, label)
		}
	}
	lp, err := guestStd().LoadMain([]string{"gc.go"}, [][]byte{[]byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := compile.Compile(lp, compile.Options{Host: host})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	code, _ := (&Program{p: p}).Run(context.Background(), Options{Stderr: &errb})
	if code != 0 || errb.String() != "7 true\ntrue\n" {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, f := range failures {
		t.Errorf("wrong liveness %s", f)
	}
}
