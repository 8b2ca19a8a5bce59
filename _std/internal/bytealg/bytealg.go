// Package bytealg is the byte-search kernels Go's own std packages call
// (net/netip, for one, when spindle compiles it from source). spindle's
// own: Go's is assembly; these call spindle's strings and bytes, whose
// searches run on the host.
package bytealg

import (
	"bytes"
	"strings"
)

// MaxBruteForce is the length up to which Index searches by brute force.
const MaxBruteForce = 64

// MaxLen is the longest pattern Index and IndexString accept.
var MaxLen = 64

// PrimeRK is the prime base of the Rabin-Karp hashes.
const PrimeRK = 16777619

// Cutover reports the number of failures of IndexByte after which
// Index should switch to the Rabin-Karp search.
func Cutover(n int) int { return (n + 16) / 8 }

// Compare compares a and b lexically.
func Compare(a, b []byte) int { return bytes.Compare(a, b) }

// CompareString compares a and b lexically.
func CompareString(a, b string) int { return strings.Compare(a, b) }

// Count counts c in b.
func Count(b []byte, c byte) int { return bytes.Count(b, []byte{c}) }

// CountString counts c in s.
func CountString(s string, c byte) int { return strings.Count(s, string([]byte{c})) }

// Equal reports whether a and b hold the same bytes.
func Equal(a, b []byte) bool { return string(a) == string(b) }

// Index returns the first index of b in a, or -1.
func Index(a, b []byte) int { return bytes.Index(a, b) }

// IndexString returns the first index of b in a, or -1.
func IndexString(a, b string) int { return strings.Index(a, b) }

// IndexByte returns the first index of c in b, or -1.
func IndexByte(b []byte, c byte) int { return bytes.IndexByte(b, c) }

// IndexByteString returns the first index of c in s, or -1.
func IndexByteString(s string, c byte) int { return strings.IndexByte(s, c) }

// LastIndexByte returns the last index of c in s, or -1.
func LastIndexByte(s []byte, c byte) int { return bytes.LastIndexByte(s, c) }

// LastIndexByteString returns the last index of c in s, or -1.
func LastIndexByteString(s string, c byte) int { return strings.LastIndexByte(s, c) }

// IndexRabinKarp returns the first index of sep in s, or -1.
func IndexRabinKarp[T string | []byte](s, sep T) int { return strings.Index(string(s), string(sep)) }

// LastIndexRabinKarp returns the last index of sep in s, or -1.
func LastIndexRabinKarp[T string | []byte](s, sep T) int {
	return strings.LastIndex(string(s), string(sep))
}

// HashStr returns the Rabin-Karp hash of sep and the multiplier for its
// length.
func HashStr[T string | []byte](sep T) (uint32, uint32) {
	hash := uint32(0)
	for i := 0; i < len(sep); i++ {
		hash = hash*PrimeRK + uint32(sep[i])
	}
	return hash, powRK(len(sep))
}

// HashStrRev is HashStr of sep reversed.
func HashStrRev[T string | []byte](sep T) (uint32, uint32) {
	hash := uint32(0)
	for i := len(sep) - 1; i >= 0; i-- {
		hash = hash*PrimeRK + uint32(sep[i])
	}
	return hash, powRK(len(sep))
}

// powRK returns PrimeRK to the power n, the Rabin-Karp multiplier for a
// pattern of length n.
func powRK(n int) uint32 {
	var pow, sq uint32 = 1, PrimeRK
	for i := n; i > 0; i >>= 1 {
		if i&1 != 0 {
			pow *= sq
		}
		sq *= sq
	}
	return pow
}

// MakeNoZero returns a slice of n bytes (zeroed in spindle).
func MakeNoZero(n int) []byte { return make([]byte, n) }
