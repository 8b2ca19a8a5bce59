// Package bits is spindle's guest math/bits package: bit counting and
// manipulation functions for the unsigned integer types, computed by the
// host's math/bits.
//
// Missing: nothing of the exported API.
package bits

// UintSize is the size of a uint in bits.
const UintSize = 64

// LeadingZeros returns the number of leading zero bits in x; the result is the size of x in bits for x == 0.
func LeadingZeros(x uint) int

// LeadingZeros8 returns the number of leading zero bits in x; the result is the size of x in bits for x == 0.
func LeadingZeros8(x uint8) int

// LeadingZeros16 returns the number of leading zero bits in x; the result is the size of x in bits for x == 0.
func LeadingZeros16(x uint16) int

// LeadingZeros32 returns the number of leading zero bits in x; the result is the size of x in bits for x == 0.
func LeadingZeros32(x uint32) int

// LeadingZeros64 returns the number of leading zero bits in x; the result is the size of x in bits for x == 0.
func LeadingZeros64(x uint64) int

// TrailingZeros returns the number of trailing zero bits in x; the result is the size of x in bits for x == 0.
func TrailingZeros(x uint) int

// TrailingZeros8 returns the number of trailing zero bits in x; the result is the size of x in bits for x == 0.
func TrailingZeros8(x uint8) int

// TrailingZeros16 returns the number of trailing zero bits in x; the result is the size of x in bits for x == 0.
func TrailingZeros16(x uint16) int

// TrailingZeros32 returns the number of trailing zero bits in x; the result is the size of x in bits for x == 0.
func TrailingZeros32(x uint32) int

// TrailingZeros64 returns the number of trailing zero bits in x; the result is the size of x in bits for x == 0.
func TrailingZeros64(x uint64) int

// OnesCount returns the number of one bits ("population count") in x.
func OnesCount(x uint) int

// OnesCount8 returns the number of one bits ("population count") in x.
func OnesCount8(x uint8) int

// OnesCount16 returns the number of one bits ("population count") in x.
func OnesCount16(x uint16) int

// OnesCount32 returns the number of one bits ("population count") in x.
func OnesCount32(x uint32) int

// OnesCount64 returns the number of one bits ("population count") in x.
func OnesCount64(x uint64) int

// Len returns the minimum number of bits required to represent x; the result is 0 for x == 0.
func Len(x uint) int

// Len8 returns the minimum number of bits required to represent x; the result is 0 for x == 0.
func Len8(x uint8) int

// Len16 returns the minimum number of bits required to represent x; the result is 0 for x == 0.
func Len16(x uint16) int

// Len32 returns the minimum number of bits required to represent x; the result is 0 for x == 0.
func Len32(x uint32) int

// Len64 returns the minimum number of bits required to represent x; the result is 0 for x == 0.
func Len64(x uint64) int

// RotateLeft returns the value of x rotated left by (k mod 64) bits. To rotate x right by k bits, call RotateLeft(x, -k).
func RotateLeft(x uint, k int) uint

// Reverse returns the value of x with its bits in reversed order.
func Reverse(x uint) uint

// ReverseBytes returns the value of x with its bytes in reversed order.
func ReverseBytes(x uint) uint

// RotateLeft8 returns the value of x rotated left by (k mod 8) bits. To rotate x right by k bits, call RotateLeft8(x, -k).
func RotateLeft8(x uint8, k int) uint8

// Reverse8 returns the value of x with its bits in reversed order.
func Reverse8(x uint8) uint8

// RotateLeft16 returns the value of x rotated left by (k mod 16) bits. To rotate x right by k bits, call RotateLeft16(x, -k).
func RotateLeft16(x uint16, k int) uint16

// Reverse16 returns the value of x with its bits in reversed order.
func Reverse16(x uint16) uint16

// ReverseBytes16 returns the value of x with its bytes in reversed order.
func ReverseBytes16(x uint16) uint16

// RotateLeft32 returns the value of x rotated left by (k mod 32) bits. To rotate x right by k bits, call RotateLeft32(x, -k).
func RotateLeft32(x uint32, k int) uint32

// Reverse32 returns the value of x with its bits in reversed order.
func Reverse32(x uint32) uint32

// ReverseBytes32 returns the value of x with its bytes in reversed order.
func ReverseBytes32(x uint32) uint32

// RotateLeft64 returns the value of x rotated left by (k mod 64) bits. To rotate x right by k bits, call RotateLeft64(x, -k).
func RotateLeft64(x uint64, k int) uint64

// Reverse64 returns the value of x with its bits in reversed order.
func Reverse64(x uint64) uint64

// ReverseBytes64 returns the value of x with its bytes in reversed order.
func ReverseBytes64(x uint64) uint64

// Add returns the sum with carry of x, y and carry: sum = x + y + carry.
// The carry input must be 0 or 1; otherwise the behavior is undefined. The
// carryOut output is guaranteed to be 0 or 1.
func Add(x, y, carry uint) (sum, carryOut uint)

// Sub returns the difference of x, y and borrow: diff = x - y - borrow.
// The borrow input must be 0 or 1; otherwise the behavior is undefined. The
// borrowOut output is guaranteed to be 0 or 1.
func Sub(x, y, borrow uint) (diff, borrowOut uint)

// Mul returns the full-width product of x and y: (hi, lo) = x * y
// with the product bits' upper half returned in hi and the lower half
// returned in lo.
func Mul(x, y uint) (hi, lo uint)

// Div returns the quotient and remainder of (hi, lo) divided by y:
// quo = (hi, lo)/y, rem = (hi, lo)%y. Div panics for y == 0 (division
// by zero) or y <= hi (quotient overflow).
func Div(hi, lo, y uint) (quo, rem uint)

// Rem returns the remainder of (hi, lo) divided by y. Rem panics
// for y == 0 (division by zero) but, unlike Div, it doesn't panic on a
// quotient overflow.
func Rem(hi, lo, y uint) uint

// Add32 returns the sum with carry of x, y and carry: sum = x + y + carry.
// The carry input must be 0 or 1; otherwise the behavior is undefined. The
// carryOut output is guaranteed to be 0 or 1.
func Add32(x, y, carry uint32) (sum, carryOut uint32)

// Sub32 returns the difference of x, y and borrow: diff = x - y - borrow.
// The borrow input must be 0 or 1; otherwise the behavior is undefined. The
// borrowOut output is guaranteed to be 0 or 1.
func Sub32(x, y, borrow uint32) (diff, borrowOut uint32)

// Mul32 returns the full-width product of x and y: (hi, lo) = x * y
// with the product bits' upper half returned in hi and the lower half
// returned in lo.
func Mul32(x, y uint32) (hi, lo uint32)

// Div32 returns the quotient and remainder of (hi, lo) divided by y:
// quo = (hi, lo)/y, rem = (hi, lo)%y. Div32 panics for y == 0 (division
// by zero) or y <= hi (quotient overflow).
func Div32(hi, lo, y uint32) (quo, rem uint32)

// Rem32 returns the remainder of (hi, lo) divided by y. Rem32 panics
// for y == 0 (division by zero) but, unlike Div32, it doesn't panic on a
// quotient overflow.
func Rem32(hi, lo, y uint32) uint32

// Add64 returns the sum with carry of x, y and carry: sum = x + y + carry.
// The carry input must be 0 or 1; otherwise the behavior is undefined. The
// carryOut output is guaranteed to be 0 or 1.
func Add64(x, y, carry uint64) (sum, carryOut uint64)

// Sub64 returns the difference of x, y and borrow: diff = x - y - borrow.
// The borrow input must be 0 or 1; otherwise the behavior is undefined. The
// borrowOut output is guaranteed to be 0 or 1.
func Sub64(x, y, borrow uint64) (diff, borrowOut uint64)

// Mul64 returns the full-width product of x and y: (hi, lo) = x * y
// with the product bits' upper half returned in hi and the lower half
// returned in lo.
func Mul64(x, y uint64) (hi, lo uint64)

// Div64 returns the quotient and remainder of (hi, lo) divided by y:
// quo = (hi, lo)/y, rem = (hi, lo)%y. Div64 panics for y == 0 (division
// by zero) or y <= hi (quotient overflow).
func Div64(hi, lo, y uint64) (quo, rem uint64)

// Rem64 returns the remainder of (hi, lo) divided by y. Rem64 panics
// for y == 0 (division by zero) but, unlike Div64, it doesn't panic on a
// quotient overflow.
func Rem64(hi, lo, y uint64) uint64
