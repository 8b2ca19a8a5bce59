// Rule: encoding/hex, encoding/base64, unicode/utf16, hash/fnv and
// hash/crc32 produce Go's encodings, checksums and errors.
package main

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash"
	"hash/crc32"
	"hash/fnv"
	"unicode/utf16"
)

func main() {
	data := []byte("hello, world\x00\xff")
	h := hex.EncodeToString(data)
	fmt.Println(h, hex.EncodedLen(3), hex.DecodedLen(6))
	b, err := hex.DecodeString(h)
	fmt.Printf("%q %v\n", b, err)
	for _, s := range []string{"abc", "zz", "0g", "ABCDEF", "a"} {
		b, err := hex.DecodeString(s)
		fmt.Printf("%q %q %v\n", s, b, err)
	}
	fmt.Print(hex.Dump([]byte("The quick brown fox jumps over the lazy dog.")))

	for _, in := range []string{"", "f", "fo", "foo", "foob", "fooba", "foobar", "\xff\xfe\xfd"} {
		fmt.Println(base64.StdEncoding.EncodeToString([]byte(in)), base64.RawURLEncoding.EncodeToString([]byte(in)),
			base64.URLEncoding.EncodeToString([]byte(in)), base64.StdEncoding.EncodedLen(len(in)), base64.RawStdEncoding.EncodedLen(len(in)))
	}
	for _, s := range []string{"Zm9vYmFy", "Zm9vYg==", "Zm9vYmE=", "Zm9v\nYmFy", "Zm9vYg", "Zm9v!mFy", "Zm9vYg=", "Z", "Zm9vYg==Zm9v"} {
		b, err := base64.StdEncoding.DecodeString(s)
		fmt.Printf("std %q -> %q %v\n", s, b, err)
	}
	for _, s := range []string{"Zm9vYg", "Zm9vYmE", "__-_"} {
		b, err := base64.RawURLEncoding.DecodeString(s)
		fmt.Printf("rawurl %q -> %q %v\n", s, b, err)
	}

	u := utf16.Encode([]rune("a€𝄞\U0010FFFF"))
	fmt.Println(u, string(utf16.Decode(u)), utf16.IsSurrogate(0xd800), utf16.RuneLen('𝄞'), utf16.RuneLen(-1))
	r1, r2 := utf16.EncodeRune('𝄞')
	fmt.Printf("%x %x %c %x\n", r1, r2, utf16.DecodeRune(r1, r2), utf16.DecodeRune('a', 'b'))
	fmt.Println(string(utf16.Decode([]uint16{0xd800, 'x', 0xdc00})))

	for _, hs := range []hash.Hash{fnv.New32(), fnv.New32a(), fnv.New64(), fnv.New64a(), crc32.NewIEEE(), crc32.New(crc32.MakeTable(crc32.Castagnoli))} {
		hs.Write([]byte("hello"))
		hs.Write([]byte(", world"))
		fmt.Printf("%x %d %d\n", hs.Sum(nil), hs.Size(), hs.BlockSize())
		hs.Reset()
		fmt.Printf("%x\n", hs.Sum([]byte{1}))
	}
	fmt.Println(crc32.ChecksumIEEE([]byte("The quick brown fox jumps over the lazy dog")), crc32.Checksum([]byte("abc"), crc32.MakeTable(crc32.Koopman)))
	h32 := fnv.New32a()
	h32.Write([]byte("abc"))
	fmt.Println(h32.Sum32())
}

// Output:
// 68656c6c6f2c20776f726c6400ff 6 3
// "hello, world\x00\xff" <nil>
// "abc" "\xab" encoding/hex: odd length hex string
// "zz" "" encoding/hex: invalid byte: U+007A 'z'
// "0g" "" encoding/hex: invalid byte: U+0067 'g'
// "ABCDEF" "\xab\xcd\xef" <nil>
// "a" "" encoding/hex: odd length hex string
// 00000000  54 68 65 20 71 75 69 63  6b 20 62 72 6f 77 6e 20  |The quick brown |
// 00000010  66 6f 78 20 6a 75 6d 70  73 20 6f 76 65 72 20 74  |fox jumps over t|
// 00000020  68 65 20 6c 61 7a 79 20  64 6f 67 2e              |he lazy dog.|
//    0 0
// Zg== Zg Zg== 4 2
// Zm8= Zm8 Zm8= 4 3
// Zm9v Zm9v Zm9v 4 4
// Zm9vYg== Zm9vYg Zm9vYg== 8 6
// Zm9vYmE= Zm9vYmE Zm9vYmE= 8 7
// Zm9vYmFy Zm9vYmFy Zm9vYmFy 8 8
// //79 __79 __79 4 4
// std "Zm9vYmFy" -> "foobar" <nil>
// std "Zm9vYg==" -> "foob" <nil>
// std "Zm9vYmE=" -> "fooba" <nil>
// std "Zm9v\nYmFy" -> "foobar" <nil>
// std "Zm9vYg" -> "foo" illegal base64 data at input byte 4
// std "Zm9v!mFy" -> "foo" illegal base64 data at input byte 4
// std "Zm9vYg=" -> "foo" illegal base64 data at input byte 7
// std "Z" -> "" illegal base64 data at input byte 0
// std "Zm9vYg==Zm9v" -> "foob" illegal base64 data at input byte 8
// rawurl "Zm9vYg" -> "foob" <nil>
// rawurl "Zm9vYmE" -> "fooba" <nil>
// rawurl "__-_" -> "\xff\xff\xbf" <nil>
// [97 8364 55348 56606 56319 57343] a€𝄞􏿿 true 2 -1
// d834 dd1e 𝄞 fffd
// �x�
// 55e6879d 4 1
// 01811c9dc5
// 4d0ea41d 4 1
// 01811c9dc5
// 0a2e93e39575063d 8 1
// 01cbf29ce484222325
// 17a1a4f267be633d 8 1
// 01cbf29ce484222325
// ffab723a 4 1
// 0100000000
// 6999a41f 4 1
// 0100000000
// 1095738169 3122864812
// 440920331
