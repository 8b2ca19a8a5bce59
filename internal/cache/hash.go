package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// A Hash makes a Key from a sequence of parts, each written with its
// length, so that no two different sequences hash alike.
type Hash struct {
	h   hash.Hash
	buf []byte
}

// NewHash starts a Key for the kind of entry domain names.
func NewHash(domain string) *Hash {
	h := &Hash{h: sha256.New()}
	h.Str(domain)
	return h
}

// Str adds s.
func (h *Hash) Str(s string) {
	h.buf = binary.AppendUvarint(h.buf[:0], uint64(len(s)))
	h.h.Write(h.buf)
	h.h.Write([]byte(s))
}

// Bytes adds b.
func (h *Hash) Bytes(b []byte) {
	h.buf = binary.AppendUvarint(h.buf[:0], uint64(len(b)))
	h.h.Write(h.buf)
	h.h.Write(b)
}

// Sum returns the Key.
func (h *Hash) Sum() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}
