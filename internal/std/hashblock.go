package std

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"encoding/binary"
	"hash"

	"spindle/internal/vm"
)

// Host kernels for the block functions of Go's own MD5, SHA-1, SHA-256
// and SHA-512 (compiled from the toolchain's sources, whose pure-Go
// block functions cost hundreds of times gc's assembly under spindle).
// Each takes the guest digest's chaining state, runs the host's own hash
// (gc's, with its assembly) over the whole blocks from that state, and
// writes the state back: the host hash is resumed through its
// encoding.BinaryUnmarshaler form (magic, state big-endian, an empty
// buffer, length 0) and read back through MarshalBinary. The results are
// Go's by construction.

var hashBlockFuncs = hostTable{
	"crypto/internal/fips140/sha256.block": hashBlock(sha256.New, "sha\x03", 8, 4, 64),
	"crypto/internal/fips140/sha512.block": hashBlock(sha512.New, "sha\x07", 8, 8, 128),
	"crypto/sha1.block":                    hashBlock(sha1.New, "sha\x01", 5, 4, 64),
	"crypto/md5.block":                     hashBlock(md5.New, "md5\x01", 4, 4, 64),
}

// hashBlock returns the block function of the hash newHash makes, whose
// state is words words of size bytes (the guest digest's first field)
// and whose blocks are chunk bytes.
func hashBlock(newHash func() hash.Hash, magic string, words, size, chunk int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		dig, _ := args[0].R.(*vm.Value)
		p := args[1].Bytes()
		if dig == nil {
			panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
		}
		fields, _ := dig.R.([]vm.Value)
		if len(fields) == 0 {
			return
		}
		state, _ := fields[0].R.([]uint64)
		if len(state) != words || len(p) < chunk {
			return
		}
		st := make([]byte, 0, len(magic)+words*size+chunk+8)
		st = append(st, magic...)
		for _, w := range state {
			if size == 4 {
				st = binary.BigEndian.AppendUint32(st, uint32(w))
			} else {
				st = binary.BigEndian.AppendUint64(st, w)
			}
		}
		st = append(st, make([]byte, chunk+8)...)
		h := newHash()
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			panic(vm.Fatal("spindle: resuming the host's " + magic + " hash: " + err.Error()))
		}
		h.Write(p[:len(p)/chunk*chunk])
		out, err := h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			panic(vm.Fatal("spindle: saving the host's " + magic + " hash: " + err.Error()))
		}
		out = out[len(magic):]
		for i := range state {
			if size == 4 {
				state[i] = uint64(binary.BigEndian.Uint32(out[i*4:]))
			} else {
				state[i] = binary.BigEndian.Uint64(out[i*8:])
			}
		}
	}
}
