package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var n atomic.Int64
	var old32 int32
	var u atomic.Uint32
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				n.Add(1)
				atomic.AddInt32(&old32, 2)
				u.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println(n.Load(), atomic.LoadInt32(&old32), u.Load())

	// CompareAndSwap.
	var v atomic.Int32
	v.Store(10)
	fmt.Println(v.CompareAndSwap(10, 20), v.Load())
	fmt.Println(v.CompareAndSwap(10, 30), v.Load())
	fmt.Println(v.Swap(5), v.Load())

	var raw int64 = 1
	fmt.Println(atomic.CompareAndSwapInt64(&raw, 1, 2), raw)
	atomic.StoreInt64(&raw, 100)
	fmt.Println(atomic.SwapInt64(&raw, 7), atomic.LoadInt64(&raw))
	fmt.Println(atomic.AddInt64(&raw, -3))

	// Spin-free "first wins" with CAS.
	var winner atomic.Int32
	winner.Store(-1)
	var wg2 sync.WaitGroup
	var claims atomic.Int32
	for i := range 8 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			if winner.CompareAndSwap(-1, int32(i)) {
				claims.Add(1)
			}
		}()
	}
	wg2.Wait()
	fmt.Println("claims:", claims.Load(), "winner set:", winner.Load() >= 0)

	// atomic.Bool and atomic.Value / Pointer.
	var flag atomic.Bool
	fmt.Println(flag.Load())
	flag.Store(true)
	fmt.Println(flag.Load(), flag.Swap(false), flag.Load())

	var val atomic.Value
	fmt.Println(val.Load() == nil)
	val.Store([]string{"cfg", "v1"})
	fmt.Println(val.Load().([]string))

	type Config struct{ Name string }
	var p atomic.Pointer[Config]
	fmt.Println(p.Load() == nil)
	p.Store(&Config{"first"})
	oldCfg := p.Swap(&Config{"second"})
	fmt.Println(oldCfg.Name, p.Load().Name)

	// Atomic And/Or (Go 1.23).
	var bits atomic.Uint32
	bits.Store(0b1100)
	fmt.Printf("%04b ", bits.Or(0b0011))
	fmt.Printf("%04b ", bits.And(0b0110))
	fmt.Printf("%04b\n", bits.Load())
}

// Output:
// 5000 10000 5000
// true 20
// false 20
// 20 5
// true 2
// 100 7
// 4
// claims: 1 winner set: true
// false
// true true false
// true
// [cfg v1]
// true
// first second
// 1100 1111 0110
