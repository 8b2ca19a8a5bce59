// Rule: encoding/binary's byte orders, varints, and Read/Write/Size/
// Append/Encode/Decode of basic values and slices of them match Go.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

func main() {
	b := make([]byte, 8)
	binary.BigEndian.PutUint32(b, 0x01020304)
	binary.LittleEndian.PutUint16(b[4:], 0xbeef)
	fmt.Println(b, binary.BigEndian.Uint16(b), binary.LittleEndian.Uint32(b), binary.BigEndian.Uint64(b))
	fmt.Println(binary.LittleEndian.AppendUint64(nil, 1<<63|5), binary.BigEndian.AppendUint16([]byte{9}, 0x0102))
	fmt.Println(binary.BigEndian, binary.LittleEndian.String())
	fmt.Printf("%#v %#v\n", binary.BigEndian, binary.LittleEndian)

	for _, x := range []uint64{0, 1, 127, 128, 300, 1 << 40, math.MaxUint64} {
		buf := binary.AppendUvarint(nil, x)
		v, n := binary.Uvarint(buf)
		fmt.Println(x, buf, v, n)
	}
	for _, x := range []int64{0, -1, 1, -64, 64, math.MinInt64, math.MaxInt64} {
		buf := make([]byte, binary.MaxVarintLen64)
		n := binary.PutVarint(buf, x)
		v, m := binary.Varint(buf[:n])
		r, err := binary.ReadVarint(bytes.NewReader(buf[:n]))
		fmt.Println(x, buf[:n], v, m, r, err)
	}
	fmt.Println(binary.Uvarint([]byte{0x80, 0x80}))
	fmt.Println(binary.Uvarint([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}))
	_, err := binary.ReadUvarint(bytes.NewReader([]byte{0x80}))
	fmt.Println(err)

	var w bytes.Buffer
	for _, v := range []any{uint16(0x0102), int32(-2), float64(1.5), []uint32{1, 2}, true, []int8{-1, 2}, float32(-0.25)} {
		err := binary.Write(&w, binary.BigEndian, v)
		fmt.Println(binary.Size(v), err)
	}
	fmt.Println(w.Bytes())
	var (
		u16 uint16
		i32 int32
		f64 float64
		s   = make([]uint32, 2)
		bl  bool
		i8s = make([]int8, 2)
		f32 float32
	)
	r := bytes.NewReader(w.Bytes())
	for _, p := range []any{&u16, &i32, &f64, s, &bl, i8s, &f32} {
		if err := binary.Read(r, binary.BigEndian, p); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(u16, i32, f64, s, bl, i8s, f32)
	fmt.Println(binary.Read(r, binary.BigEndian, &u16))
	buf := make([]byte, 4)
	n, err := binary.Encode(buf, binary.LittleEndian, uint32(7))
	fmt.Println(buf, n, err)
	var got uint32
	n, err = binary.Decode(buf, binary.LittleEndian, &got)
	fmt.Println(got, n, err)
	_, err = binary.Encode(buf[:2], binary.LittleEndian, uint32(7))
	fmt.Println(err)
	fmt.Println(binary.Size(int(1)), binary.Size("x"))
}

// Output:
// [1 2 3 4 239 190 0 0] 258 67305985 72623863728308224
// [5 0 0 0 0 0 0 128] [9 1 2]
// BigEndian LittleEndian
// binary.BigEndian binary.LittleEndian
// 0 [0] 0 1
// 1 [1] 1 1
// 127 [127] 127 1
// 128 [128 1] 128 2
// 300 [172 2] 300 2
// 1099511627776 [128 128 128 128 128 32] 1099511627776 6
// 18446744073709551615 [255 255 255 255 255 255 255 255 255 1] 18446744073709551615 10
// 0 [0] 0 1 0 <nil>
// -1 [1] -1 1 -1 <nil>
// 1 [2] 1 1 1 <nil>
// -64 [127] -64 1 -64 <nil>
// 64 [128 1] 64 2 64 <nil>
// -9223372036854775808 [255 255 255 255 255 255 255 255 255 1] -9223372036854775808 10 -9223372036854775808 <nil>
// 9223372036854775807 [254 255 255 255 255 255 255 255 255 1] 9223372036854775807 10 9223372036854775807 <nil>
// 0 0
// 0 -10
// unexpected EOF
// 2 <nil>
// 4 <nil>
// 8 <nil>
// 8 <nil>
// 1 <nil>
// 2 <nil>
// 4 <nil>
// [1 2 255 255 255 254 63 248 0 0 0 0 0 0 0 0 0 1 0 0 0 2 1 255 2 190 128 0 0]
// 258 -2 1.5 [1 2] true [-1 2] -0.25
// EOF
// [7 0 0 0] 4 <nil>
// 7 4 <nil>
// buffer too small
// -1 -1
