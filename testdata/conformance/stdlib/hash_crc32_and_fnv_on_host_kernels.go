// crc32 over the standard tables and a hand-filled one, streaming Writes,
// and the four FNV hashes: the byte loops run on host kernels.
package main

import (
	"fmt"
	"hash/crc32"
	"hash/fnv"
)

func main() {
	data := []byte("the quick brown fox jumps over the lazy dog")
	fmt.Println(crc32.ChecksumIEEE(data), crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli)), crc32.Checksum(data, crc32.MakeTable(crc32.Koopman)))
	var t crc32.Table
	for i := range t {
		t[i] = uint32(i) * 2654435761
	}
	fmt.Println(crc32.Checksum(data, &t), crc32.Update(5, crc32.IEEETable, data[:3]))
	h := crc32.NewIEEE()
	h.Write(data[:10])
	h.Write(data[10:])
	fmt.Println(h.Sum32())
	for _, hh := range []interface {
		Write([]byte) (int, error)
		Sum([]byte) []byte
	}{fnv.New32(), fnv.New32a(), fnv.New64(), fnv.New64a()} {
		hh.Write(data[:7])
		hh.Write(data[7:])
		fmt.Printf("%x\n", hh.Sum(nil))
	}
}

// Output:
// 3456913684 1008268502 3951968371
// 1287472555 982429453
// 3456913684
// dc3f548e
// ef693ff0
// d1e1fca4d2fcc6ee
// 7404cea13ff89bb0
