// Go's own crypto packages compiled from the toolchain's sources: hashes
// (md5, sha1, sha256, sha512, sha3), HMAC, PBKDF2, HKDF, crypto/rand from
// the host's getrandom, AES-GCM, Ed25519, and hash/maphash.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"fmt"
	"hash/maphash"
	"math/big"
)

func main() {
	fmt.Printf("%x\n", md5.Sum([]byte("hello")))
	fmt.Printf("%x\n", sha1.Sum([]byte("hello")))
	fmt.Printf("%x\n", sha256.Sum256([]byte("hello")))
	fmt.Printf("%x\n", sha512.Sum512([]byte("hello")))
	fmt.Printf("%x\n", sha3.Sum256([]byte("abc")))
	m := hmac.New(sha256.New, []byte("key"))
	m.Write([]byte("msg"))
	fmt.Printf("%x %v\n", m.Sum(nil), hmac.Equal(m.Sum(nil), m.Sum(nil)))
	dk, err := pbkdf2.Key(sha256.New, "pw", []byte("salt"), 1000, 16)
	fmt.Printf("%x %v\n", dk, err)
	okm, err := hkdf.Key(sha256.New, []byte("secret"), nil, "info", 16)
	fmt.Printf("%x %v\n", okm, err)
	b := make([]byte, 16)
	n, err := rand.Read(b)
	r, _ := rand.Int(rand.Reader, big.NewInt(1000))
	fmt.Println(n, err, len(rand.Text()), r.Cmp(big.NewInt(1000)) < 0)
	blk, _ := aes.NewCipher([]byte("0123456789abcdef"))
	gcm, _ := cipher.NewGCM(blk)
	nonce := make([]byte, gcm.NonceSize())
	ct := gcm.Seal(nil, nonce, []byte("secret"), []byte("ad"))
	pt, err := gcm.Open(nil, nonce, ct, []byte("ad"))
	fmt.Printf("%x %s %v\n", ct, pt, err)
	_, err = gcm.Open(nil, nonce, ct, []byte("other"))
	fmt.Println(err)
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	sig := ed25519.Sign(priv, []byte("m"))
	pub := priv.Public().(ed25519.PublicKey)
	fmt.Printf("%x %v %v\n", sig[:8], ed25519.Verify(pub, []byte("m"), sig), ed25519.Verify(pub, []byte("n"), sig))
	s := maphash.MakeSeed()
	fmt.Println(maphash.String(s, "a") == maphash.String(s, "a"), maphash.Comparable(s, 42) == maphash.Comparable(s, 42))
}

// Output:
// 5d41402abc4b2a76b9719d911017c592
// aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d
// 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824
// 9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043
// 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
// 2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628 true
// 0a38253555ce37f5c72a6b703f996814 <nil>
// 7e11a191fa879919dcf4e336e0d73609 <nil>
// 16 <nil> 26 true
// 318749379cfe97f25af37cd97ca76d5d1a43ce5cee5f secret <nil>
// cipher: message authentication failed
// a7d2b316acb308e4 true false
// true true
