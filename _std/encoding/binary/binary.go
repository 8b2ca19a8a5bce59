// Package binary is spindle's guest encoding/binary package, written for
// spindle: byte orders, varints, and Read, Write, Size, Append, Encode
// and Decode for fixed-size basic values, pointers to them and slices of
// them. Missing (spindle has no reflect): structs and arrays in Read,
// Write and Size, which report an error for them as Go does for invalid
// types.
package binary

import (
	"errors"
	"fmt"
	"io"
	"math"
)

// MaxVarintLenN is the maximum length of a varint-encoded N-bit integer.
const (
	MaxVarintLen16 = 3
	MaxVarintLen32 = 5
	MaxVarintLen64 = 10
)

// A ByteOrder specifies how to convert byte slices into unsigned integers.
type ByteOrder interface {
	Uint16([]byte) uint16
	Uint32([]byte) uint32
	Uint64([]byte) uint64
	PutUint16([]byte, uint16)
	PutUint32([]byte, uint32)
	PutUint64([]byte, uint64)
	String() string
}

// AppendByteOrder specifies how to append unsigned integers to a slice.
type AppendByteOrder interface {
	AppendUint16([]byte, uint16) []byte
	AppendUint32([]byte, uint32) []byte
	AppendUint64([]byte, uint64) []byte
	String() string
}

// LittleEndian and BigEndian are the little- and big-endian byte orders;
// NativeEndian is little-endian (spindle runs on amd64 and arm64 hosts).
var (
	LittleEndian littleEndian
	BigEndian    bigEndian
	NativeEndian littleEndian
)

type littleEndian struct{}

func (littleEndian) Uint16(b []byte) uint16 {
	_ = b[1]
	return uint16(b[0]) | uint16(b[1])<<8
}

func (littleEndian) PutUint16(b []byte, v uint16) {
	_ = b[1]
	b[0], b[1] = byte(v), byte(v>>8)
}

func (littleEndian) AppendUint16(b []byte, v uint16) []byte {
	return append(b, byte(v), byte(v>>8))
}

func (littleEndian) Uint32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func (littleEndian) PutUint32(b []byte, v uint32) {
	_ = b[3]
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

func (littleEndian) AppendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

func (littleEndian) Uint64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func (littleEndian) PutUint64(b []byte, v uint64) {
	_ = b[7]
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func (littleEndian) AppendUint64(b []byte, v uint64) []byte {
	for i := 0; i < 8; i++ {
		b = append(b, byte(v>>(8*i)))
	}
	return b
}

func (littleEndian) String() string   { return "LittleEndian" }
func (littleEndian) GoString() string { return "binary.LittleEndian" }

type bigEndian struct{}

func (bigEndian) Uint16(b []byte) uint16 {
	_ = b[1]
	return uint16(b[1]) | uint16(b[0])<<8
}

func (bigEndian) PutUint16(b []byte, v uint16) {
	_ = b[1]
	b[0], b[1] = byte(v>>8), byte(v)
}

func (bigEndian) AppendUint16(b []byte, v uint16) []byte {
	return append(b, byte(v>>8), byte(v))
}

func (bigEndian) Uint32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[3]) | uint32(b[2])<<8 | uint32(b[1])<<16 | uint32(b[0])<<24
}

func (bigEndian) PutUint32(b []byte, v uint32) {
	_ = b[3]
	b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}

func (bigEndian) AppendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func (bigEndian) Uint64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[7]) | uint64(b[6])<<8 | uint64(b[5])<<16 | uint64(b[4])<<24 |
		uint64(b[3])<<32 | uint64(b[2])<<40 | uint64(b[1])<<48 | uint64(b[0])<<56
}

func (bigEndian) PutUint64(b []byte, v uint64) {
	_ = b[7]
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (56 - 8*i))
	}
}

func (bigEndian) AppendUint64(b []byte, v uint64) []byte {
	for i := 0; i < 8; i++ {
		b = append(b, byte(v>>(56-8*i)))
	}
	return b
}

func (bigEndian) String() string   { return "BigEndian" }
func (bigEndian) GoString() string { return "binary.BigEndian" }

// AppendUvarint appends the varint-encoded form of x to buf.
func AppendUvarint(buf []byte, x uint64) []byte {
	for x >= 0x80 {
		buf = append(buf, byte(x)|0x80)
		x >>= 7
	}
	return append(buf, byte(x))
}

// PutUvarint encodes x into buf and returns the number of bytes written;
// it panics if buf is too small.
func PutUvarint(buf []byte, x uint64) int {
	i := 0
	for x >= 0x80 {
		buf[i] = byte(x) | 0x80
		x >>= 7
		i++
	}
	buf[i] = byte(x)
	return i + 1
}

// Uvarint decodes a uint64 from buf and returns it and the number of
// bytes read (> 0): 0 if buf is too small, negative on overflow.
func Uvarint(buf []byte) (uint64, int) {
	var x uint64
	var s uint
	for i, b := range buf {
		if i == MaxVarintLen64 {
			return 0, -(i + 1) // overflow
		}
		if b < 0x80 {
			if i == MaxVarintLen64-1 && b > 1 {
				return 0, -(i + 1) // overflow
			}
			return x | uint64(b)<<s, i + 1
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return 0, 0
}

// AppendVarint appends the zig-zag varint-encoded form of x to buf.
func AppendVarint(buf []byte, x int64) []byte {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return AppendUvarint(buf, ux)
}

// PutVarint encodes x into buf and returns the number of bytes written.
func PutVarint(buf []byte, x int64) int {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return PutUvarint(buf, ux)
}

// Varint decodes an int64 from buf (see Uvarint for n).
func Varint(buf []byte) (int64, int) {
	ux, n := Uvarint(buf)
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, n
}

var errOverflow = errors.New("binary: varint overflows a 64-bit integer")

// ReadUvarint reads an encoded unsigned integer from r.
func ReadUvarint(r io.ByteReader) (uint64, error) {
	var x uint64
	var s uint
	for i := 0; i < MaxVarintLen64; i++ {
		b, err := r.ReadByte()
		if err != nil {
			if i > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return x, err
		}
		if b < 0x80 {
			if i == MaxVarintLen64-1 && b > 1 {
				return x, errOverflow
			}
			return x | uint64(b)<<s, nil
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return x, errOverflow
}

// ReadVarint reads an encoded signed integer from r.
func ReadVarint(r io.ByteReader) (int64, error) {
	ux, err := ReadUvarint(r)
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, err
}

// Size returns how many bytes Write would generate to encode v, or -1
// for a type spindle's binary does not handle.
func Size(v any) int {
	switch d := v.(type) {
	case bool, int8, uint8, *bool, *int8, *uint8:
		return 1
	case int16, uint16, *int16, *uint16:
		return 2
	case int32, uint32, float32, *int32, *uint32, *float32:
		return 4
	case int64, uint64, float64, *int64, *uint64, *float64:
		return 8
	case []bool:
		return len(d)
	case []int8:
		return len(d)
	case []uint8:
		return len(d)
	case []int16:
		return 2 * len(d)
	case []uint16:
		return 2 * len(d)
	case []int32:
		return 4 * len(d)
	case []uint32:
		return 4 * len(d)
	case []float32:
		return 4 * len(d)
	case []int64:
		return 8 * len(d)
	case []uint64:
		return 8 * len(d)
	case []float64:
		return 8 * len(d)
	}
	return -1
}

func invalid(what string, v any) error {
	return errors.New("binary." + what + ": some values are not fixed-sized in type " + typeName(v))
}

// Write writes the binary representation of data into w.
func Write(w io.Writer, order ByteOrder, data any) error {
	buf, err := appendData(nil, order, data, "Write")
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}

// Encode encodes data into buf and returns the number of bytes written.
func Encode(buf []byte, order ByteOrder, data any) (int, error) {
	b, err := appendData(nil, order, data, "Encode")
	if err != nil {
		return 0, err
	}
	if len(buf) < len(b) {
		return 0, errors.New("buffer too small")
	}
	return copy(buf, b), nil
}

// Append appends the binary representation of data to buf.
func Append(buf []byte, order ByteOrder, data any) ([]byte, error) {
	return appendData(buf, order, data, "Append")
}

// appendData is Append for the function op (its errors name it).
func appendData(buf []byte, order ByteOrder, data any, op string) ([]byte, error) {
	put16 := func(v uint16) {
		var b [2]byte
		order.PutUint16(b[:], v)
		buf = append(buf, b[:]...)
	}
	put32 := func(v uint32) {
		var b [4]byte
		order.PutUint32(b[:], v)
		buf = append(buf, b[:]...)
	}
	put64 := func(v uint64) {
		var b [8]byte
		order.PutUint64(b[:], v)
		buf = append(buf, b[:]...)
	}
	switch d := data.(type) {
	case bool:
		buf = append(buf, b2b(d))
	case *bool:
		buf = append(buf, b2b(*d))
	case int8:
		buf = append(buf, byte(d))
	case *int8:
		buf = append(buf, byte(*d))
	case uint8:
		buf = append(buf, d)
	case *uint8:
		buf = append(buf, *d)
	case int16:
		put16(uint16(d))
	case *int16:
		put16(uint16(*d))
	case uint16:
		put16(d)
	case *uint16:
		put16(*d)
	case int32:
		put32(uint32(d))
	case *int32:
		put32(uint32(*d))
	case uint32:
		put32(d)
	case *uint32:
		put32(*d)
	case float32:
		put32(math.Float32bits(d))
	case *float32:
		put32(math.Float32bits(*d))
	case int64:
		put64(uint64(d))
	case *int64:
		put64(uint64(*d))
	case uint64:
		put64(d)
	case *uint64:
		put64(*d)
	case float64:
		put64(math.Float64bits(d))
	case *float64:
		put64(math.Float64bits(*d))
	case []bool:
		for _, v := range d {
			buf = append(buf, b2b(v))
		}
	case []int8:
		for _, v := range d {
			buf = append(buf, byte(v))
		}
	case []uint8:
		buf = append(buf, d...)
	case []int16:
		for _, v := range d {
			put16(uint16(v))
		}
	case []uint16:
		for _, v := range d {
			put16(v)
		}
	case []int32:
		for _, v := range d {
			put32(uint32(v))
		}
	case []uint32:
		for _, v := range d {
			put32(v)
		}
	case []float32:
		for _, v := range d {
			put32(math.Float32bits(v))
		}
	case []int64:
		for _, v := range d {
			put64(uint64(v))
		}
	case []uint64:
		for _, v := range d {
			put64(v)
		}
	case []float64:
		for _, v := range d {
			put64(math.Float64bits(v))
		}
	default:
		return nil, invalid(op, data)
	}
	return buf, nil
}

func b2b(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// Read reads structured binary data from r into data, which must be a
// pointer to a fixed-size basic value or a slice of them.
func Read(r io.Reader, order ByteOrder, data any) error {
	n := Size(data)
	if n < 0 {
		return errors.New("binary.Read: invalid type " + typeName(data))
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		return err
	}
	_, err := decode(buf, order, data)
	return err
}

// Decode decodes binary data from buf into data and returns the number
// of bytes read.
func Decode(buf []byte, order ByteOrder, data any) (int, error) {
	n := Size(data)
	if n < 0 {
		return 0, errors.New("binary.Decode: invalid type " + typeName(data))
	}
	if len(buf) < n {
		return 0, errors.New("buffer too small")
	}
	return decode(buf[:n], order, data)
}

func decode(b []byte, order ByteOrder, data any) (int, error) {
	switch d := data.(type) {
	case *bool:
		*d = b[0] != 0
	case *int8:
		*d = int8(b[0])
	case *uint8:
		*d = b[0]
	case *int16:
		*d = int16(order.Uint16(b))
	case *uint16:
		*d = order.Uint16(b)
	case *int32:
		*d = int32(order.Uint32(b))
	case *uint32:
		*d = order.Uint32(b)
	case *float32:
		*d = math.Float32frombits(order.Uint32(b))
	case *int64:
		*d = int64(order.Uint64(b))
	case *uint64:
		*d = order.Uint64(b)
	case *float64:
		*d = math.Float64frombits(order.Uint64(b))
	case []bool:
		for i := range d {
			d[i] = b[i] != 0
		}
	case []int8:
		for i := range d {
			d[i] = int8(b[i])
		}
	case []uint8:
		copy(d, b)
	case []int16:
		for i := range d {
			d[i] = int16(order.Uint16(b[2*i:]))
		}
	case []uint16:
		for i := range d {
			d[i] = order.Uint16(b[2*i:])
		}
	case []int32:
		for i := range d {
			d[i] = int32(order.Uint32(b[4*i:]))
		}
	case []uint32:
		for i := range d {
			d[i] = order.Uint32(b[4*i:])
		}
	case []float32:
		for i := range d {
			d[i] = math.Float32frombits(order.Uint32(b[4*i:]))
		}
	case []int64:
		for i := range d {
			d[i] = int64(order.Uint64(b[8*i:]))
		}
	case []uint64:
		for i := range d {
			d[i] = order.Uint64(b[8*i:])
		}
	case []float64:
		for i := range d {
			d[i] = math.Float64frombits(order.Uint64(b[8*i:]))
		}
	default:
		return 0, errors.New("binary.Decode: invalid type " + typeName(data))
	}
	return len(b), nil
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }
