// Package crc32 is spindle's guest hash/crc32 package, written for
// spindle: the 32-bit cyclic redundancy check with the IEEE, Castagnoli
// and Koopman polynomials. Update runs on the host's hash/crc32 for every
// table MakeTable builds; a table filled by hand is walked a byte at a
// time here.
package crc32

import "hash"

// The size of a CRC-32 checksum in bytes.
const Size = 4

// Predefined polynomials, in reversed notation.
const (
	IEEE       = 0xedb88320
	Castagnoli = 0x82f63b78
	Koopman    = 0xeb31d82e
)

// Table is a 256-word table representing the polynomial for efficient
// processing.
type Table [256]uint32

// IEEETable is the table for the IEEE polynomial.
var IEEETable = MakeTable(IEEE)

// MakeTable returns a Table constructed from the specified polynomial.
func MakeTable(poly uint32) *Table {
	t := new(Table)
	for i := 0; i < 256; i++ {
		crc := uint32(i)
		for j := 0; j < 8; j++ {
			if crc&1 == 1 {
				crc = crc>>1 ^ poly
			} else {
				crc >>= 1
			}
		}
		t[i] = crc
	}
	return t
}

// Update returns the result of adding the bytes in p to the crc.
func Update(crc uint32, tab *Table, p []byte) uint32 {
	// A table MakeTable built holds its polynomial at 128; hostUpdate
	// checks two more entries against the host's table for that
	// polynomial before it trusts it.
	if c, ok := hostUpdate(crc, tab[128], tab[1], tab[255], p); ok {
		return c
	}
	crc = ^crc
	for _, v := range p {
		crc = tab[byte(crc)^v] ^ crc>>8
	}
	return ^crc
}

// hostUpdate is Update on the host's hash/crc32 with the table of
// polynomial poly; ok is false when that table's entries 1 and 255 are not
// t1 and t255.
func hostUpdate(crc, poly, t1, t255 uint32, p []byte) (c uint32, ok bool)

// Checksum returns the CRC-32 checksum of data using the polynomial
// represented by the Table.
func Checksum(data []byte, tab *Table) uint32 { return Update(0, tab, data) }

// ChecksumIEEE returns the CRC-32 checksum of data using the IEEE
// polynomial.
func ChecksumIEEE(data []byte) uint32 { return Update(0, IEEETable, data) }

type digest struct {
	crc uint32
	tab *Table
}

// New creates a new hash.Hash32 computing the CRC-32 checksum using the
// polynomial represented by the Table.
func New(tab *Table) hash.Hash32 { return &digest{0, tab} }

// NewIEEE creates a new hash.Hash32 computing the CRC-32 checksum using
// the IEEE polynomial.
func NewIEEE() hash.Hash32 { return New(IEEETable) }

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return 1 }
func (d *digest) Reset()         { d.crc = 0 }
func (d *digest) Sum32() uint32  { return d.crc }

func (d *digest) Write(p []byte) (n int, err error) {
	d.crc = Update(d.crc, d.tab, p)
	return len(p), nil
}

func (d *digest) Sum(in []byte) []byte {
	s := d.Sum32()
	return append(in, byte(s>>24), byte(s>>16), byte(s>>8), byte(s))
}

// Clone returns an independent copy of the hash's state (hash.Cloner).
func (d *digest) Clone() (hash.Cloner, error) { r := *d; return &r, nil }
