// crc32 and fnv hashes implement hash.Cloner (Go 1.25): a clone carries
// on independently with the same state.
package main

import (
	"fmt"
	"hash"
	"hash/crc32"
	"hash/fnv"
)

func main() {
	for _, h := range []hash.Hash{crc32.NewIEEE(), fnv.New32(), fnv.New32a(), fnv.New64(), fnv.New64a()} {
		h.Write([]byte("spin"))
		c, ok := h.(hash.Cloner)
		d, err := c.Clone()
		h.Write([]byte("dle"))
		d.Write([]byte("dle"))
		fmt.Println(ok, err, fmt.Sprintf("%x", h.Sum(nil)) == fmt.Sprintf("%x", d.Sum(nil)))
	}
}

// Output:
// true <nil> true
// true <nil> true
// true <nil> true
// true <nil> true
// true <nil> true
