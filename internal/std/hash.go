package std

import (
	"hash/crc32"
	"sync"

	"spindle/internal/vm"
)

// Byte-loop kernels of the guest's hash/crc32 and hash/fnv: they run on
// the guest's packed bytes directly.
var hashFuncs = hostTable{
	"hash/crc32.hostUpdate": crc32HostUpdate,
	"hash/fnv.update32":     fnvUpdate32,
	"hash/fnv.update32a":    fnvUpdate32a,
	"hash/fnv.update64":     fnvUpdate64,
	"hash/fnv.update64a":    fnvUpdate64a,
}

// crc32Tables caches the host's table per polynomial (crc32.MakeTable
// returns a shared table only for IEEE).
var crc32Tables sync.Map // uint32 -> *crc32.Table

func crc32HostUpdate(f *vm.Fiber, args, res []vm.Value) {
	crc, poly, t1, t255 := uint32(args[0].N), uint32(args[1].N), uint32(args[2].N), uint32(args[3].N)
	tab, ok := crc32Tables.Load(poly)
	if !ok {
		tab, _ = crc32Tables.LoadOrStore(poly, crc32.MakeTable(poly))
	}
	t := tab.(*crc32.Table)
	if t[1] != t1 || t[255] != t255 {
		res[0], res[1] = vm.Value{}, vm.Bool(false)
		return
	}
	res[0], res[1] = vm.Uint(uint64(crc32.Update(crc, t, args[4].Bytes()))), vm.Bool(true)
}

const (
	fnvPrime32 = 16777619
	fnvPrime64 = 1099511628211
)

func fnvUpdate32(f *vm.Fiber, args, res []vm.Value) {
	h := uint32(args[0].N)
	for _, c := range args[1].Bytes() {
		h *= fnvPrime32
		h ^= uint32(c)
	}
	res[0] = vm.Uint(uint64(h))
}

func fnvUpdate32a(f *vm.Fiber, args, res []vm.Value) {
	h := uint32(args[0].N)
	for _, c := range args[1].Bytes() {
		h ^= uint32(c)
		h *= fnvPrime32
	}
	res[0] = vm.Uint(uint64(h))
}

func fnvUpdate64(f *vm.Fiber, args, res []vm.Value) {
	h := args[0].N
	for _, c := range args[1].Bytes() {
		h *= fnvPrime64
		h ^= uint64(c)
	}
	res[0] = vm.Uint(h)
}

func fnvUpdate64a(f *vm.Fiber, args, res []vm.Value) {
	h := args[0].N
	for _, c := range args[1].Bytes() {
		h ^= uint64(c)
		h *= fnvPrime64
	}
	res[0] = vm.Uint(h)
}
