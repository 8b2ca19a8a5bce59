package cache

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"sync"
)

// SelfID returns the running executable's Go build ID, which changes with
// anything the binary is built from (spindle's code and its embedded guest
// std) and is the same for identical builds (go run's fresh links
// included): the part of every key that says which spindle compiled it.
var SelfID = sync.OnceValues(func() (string, error) {
	// /proc/self/exe is the binary running even when its file was
	// replaced since (os.Executable would name the new one).
	f, err := elf.Open("/proc/self/exe")
	if err != nil {
		exe, err := os.Executable()
		if err != nil {
			return "", err
		}
		if f, err = elf.Open(exe); err != nil {
			return "", err
		}
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return "", errors.New("executable has no Go build ID")
	}
	b, err := s.Data()
	if err != nil {
		return "", err
	}
	// An ELF note: name size, descriptor size, type, "Go\x00\x00", the ID.
	if len(b) < 16 {
		return "", errors.New("malformed Go build ID note")
	}
	nameSize := binary.LittleEndian.Uint32(b)
	descSize := binary.LittleEndian.Uint32(b[4:])
	if nameSize != 4 || !bytes.Equal(b[12:16], []byte("Go\x00\x00")) || uint64(descSize) > uint64(len(b)-16) {
		return "", errors.New("malformed Go build ID note")
	}
	return string(b[16 : 16+descSize]), nil
})
