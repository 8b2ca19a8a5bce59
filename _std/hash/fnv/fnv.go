// Package fnv is spindle's guest hash/fnv package, written for spindle:
// the 32- and 64-bit FNV-1 and FNV-1a hashes. Missing: the 128-bit
// variants and binary marshaling.
package fnv

import "hash"

const (
	offset32 = 2166136261
	offset64 = 14695981039346656037
	prime32  = 16777619
	prime64  = 1099511628211
)

type sum32 uint32
type sum32a uint32
type sum64 uint64
type sum64a uint64

// New32 returns a new 32-bit FNV-1 hash.
func New32() hash.Hash32 { var s sum32 = offset32; return &s }

// New32a returns a new 32-bit FNV-1a hash.
func New32a() hash.Hash32 { var s sum32a = offset32; return &s }

// New64 returns a new 64-bit FNV-1 hash.
func New64() hash.Hash64 { var s sum64 = offset64; return &s }

// New64a returns a new 64-bit FNV-1a hash.
func New64a() hash.Hash64 { var s sum64a = offset64; return &s }

func (s *sum32) Reset()  { *s = offset32 }
func (s *sum32a) Reset() { *s = offset32 }
func (s *sum64) Reset()  { *s = offset64 }
func (s *sum64a) Reset() { *s = offset64 }

func (s *sum32) Sum32() uint32  { return uint32(*s) }
func (s *sum32a) Sum32() uint32 { return uint32(*s) }
func (s *sum64) Sum64() uint64  { return uint64(*s) }
func (s *sum64a) Sum64() uint64 { return uint64(*s) }

// The byte loops run on the host (update32 ... update64a: the hash after
// data, from h).
func update32(h uint32, data []byte) uint32
func update32a(h uint32, data []byte) uint32
func update64(h uint64, data []byte) uint64
func update64a(h uint64, data []byte) uint64

func (s *sum32) Write(data []byte) (int, error) {
	*s = sum32(update32(uint32(*s), data))
	return len(data), nil
}

func (s *sum32a) Write(data []byte) (int, error) {
	*s = sum32a(update32a(uint32(*s), data))
	return len(data), nil
}

func (s *sum64) Write(data []byte) (int, error) {
	*s = sum64(update64(uint64(*s), data))
	return len(data), nil
}

func (s *sum64a) Write(data []byte) (int, error) {
	*s = sum64a(update64a(uint64(*s), data))
	return len(data), nil
}

func (s *sum32) Size() int  { return 4 }
func (s *sum32a) Size() int { return 4 }
func (s *sum64) Size() int  { return 8 }
func (s *sum64a) Size() int { return 8 }

func (s *sum32) BlockSize() int  { return 1 }
func (s *sum32a) BlockSize() int { return 1 }
func (s *sum64) BlockSize() int  { return 1 }
func (s *sum64a) BlockSize() int { return 1 }

func (s *sum32) Sum(in []byte) []byte  { return append32(in, uint32(*s)) }
func (s *sum32a) Sum(in []byte) []byte { return append32(in, uint32(*s)) }
func (s *sum64) Sum(in []byte) []byte  { return append64(in, uint64(*s)) }
func (s *sum64a) Sum(in []byte) []byte { return append64(in, uint64(*s)) }

func append32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func append64(b []byte, v uint64) []byte {
	return append(b, byte(v>>56), byte(v>>48), byte(v>>40), byte(v>>32), byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

// Clone returns an independent copy of the hash's state (hash.Cloner).
func (s *sum32) Clone() (hash.Cloner, error) { r := *s; return &r, nil }

// Clone returns an independent copy of the hash's state (hash.Cloner).
func (s *sum32a) Clone() (hash.Cloner, error) { r := *s; return &r, nil }

// Clone returns an independent copy of the hash's state (hash.Cloner).
func (s *sum64) Clone() (hash.Cloner, error) { r := *s; return &r, nil }

// Clone returns an independent copy of the hash's state (hash.Cloner).
func (s *sum64a) Clone() (hash.Cloner, error) { r := *s; return &r, nil }
