package main

import (
	"fmt"
	"math/bits"
)

func main() {
	fmt.Println("UintSize =", bits.UintSize)
	fmt.Println("OnesCount8(0xFF) =", bits.OnesCount8(0xFF))
	fmt.Println("OnesCount32(0xF0F0) =", bits.OnesCount32(0xF0F0))
	fmt.Println("OnesCount64(1<<63|1) =", bits.OnesCount64(1<<63|1))
	fmt.Println("LeadingZeros8(1) =", bits.LeadingZeros8(1))
	fmt.Println("LeadingZeros32(0) =", bits.LeadingZeros32(0))
	fmt.Println("LeadingZeros64(1<<40) =", bits.LeadingZeros64(1<<40))
	fmt.Println("TrailingZeros16(0x100) =", bits.TrailingZeros16(0x100))
	fmt.Println("TrailingZeros64(0) =", bits.TrailingZeros64(0))
	fmt.Println("Len(255) =", bits.Len(255), " Len32(0) =", bits.Len32(0))
	fmt.Printf("Reverse8(0b00010110) = %08b\n", bits.Reverse8(0b00010110))
	fmt.Printf("Reverse16(0x1) = %#x\n", bits.Reverse16(0x1))
	fmt.Printf("ReverseBytes32(0x11223344) = %#x\n", bits.ReverseBytes32(0x11223344))
	fmt.Printf("ReverseBytes64(0x0102030405060708) = %#x\n", bits.ReverseBytes64(0x0102030405060708))
	fmt.Printf("RotateLeft8(0x81, 1) = %#x\n", bits.RotateLeft8(0x81, 1))
	fmt.Printf("RotateLeft32(0x80000001, -1) = %#x\n", bits.RotateLeft32(0x80000001, -1))
	fmt.Printf("RotateLeft64(1, 65) = %d\n", bits.RotateLeft64(1, 65))

	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println("Add64:", sum, carry)
	diff, borrow := bits.Sub64(0, 1, 0)
	fmt.Println("Sub64:", diff, borrow)
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println("Mul64:", hi, lo)
	hi32, lo32 := bits.Mul32(0xFFFFFFFF, 0xFFFFFFFF)
	fmt.Printf("Mul32: %#x %#x\n", hi32, lo32)
	q, r := bits.Div64(1, 0, 3)
	fmt.Println("Div64(1<<64 / 3):", q, r)
	fmt.Println("Rem64(1, 5, 7):", bits.Rem64(1, 5, 7))

	// Popcount table check.
	total := 0
	for i := 0; i < 256; i++ {
		total += bits.OnesCount8(uint8(i))
	}
	fmt.Println("total bits in 0..255:", total)
}

// Output:
// UintSize = 64
// OnesCount8(0xFF) = 8
// OnesCount32(0xF0F0) = 8
// OnesCount64(1<<63|1) = 2
// LeadingZeros8(1) = 7
// LeadingZeros32(0) = 32
// LeadingZeros64(1<<40) = 23
// TrailingZeros16(0x100) = 8
// TrailingZeros64(0) = 64
// Len(255) = 8  Len32(0) = 0
// Reverse8(0b00010110) = 01101000
// Reverse16(0x1) = 0x8000
// ReverseBytes32(0x11223344) = 0x44332211
// ReverseBytes64(0x0102030405060708) = 0x807060504030201
// RotateLeft8(0x81, 1) = 0x3
// RotateLeft32(0x80000001, -1) = 0xc0000000
// RotateLeft64(1, 65) = 2
// Add64: 1 1
// Sub64: 18446744073709551615 1
// Mul64: 2 0
// Mul32: 0xfffffffe 0x1
// Div64(1<<64 / 3): 6148914691236517205 1
// Rem64(1, 5, 7): 0
// total bits in 0..255: 1024
