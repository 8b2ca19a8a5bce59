// Package cache is spindle's compile cache on disk: compiled programs,
// each stored under a key that hashes everything its compilation read, so
// that a later run of the same program skips type-checking and compiling.
//
// The cache is a directory (Dir: $SPINDLE_CACHE, else spindle/ in the
// user's cache directory, as os.UserCacheDir finds it) of files named by
// their keys, in 256 subdirectories as Go's build cache lays them out.
// An entry is written to a temporary file and renamed into place, so
// concurrent runs (of one program or several) never see a partial entry,
// and two writing the same key both write the same bytes. Every entry
// carries its key and a checksum of its contents: a damaged file (a disk
// that filled up, a crash) is a miss, never a wrong program. Entries
// unused for five days are removed, at most once a day (Trim, as the go
// command trims its cache).
//
// Owns: the directory, its entries and their integrity. Imports only the
// Go std; knows nothing of what an entry holds.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Key names an entry: the SHA-256 of everything its content depends on.
type Key [sha256.Size]byte

// Cache is an open cache directory.
type Cache struct {
	dir      string
	now      func() time.Time
	writable func() bool
}

// Env is the variable that sets the cache directory; "off" turns the
// cache off.
const Env = "SPINDLE_CACHE"

// Dir returns the cache directory: $SPINDLE_CACHE, or spindle/ in the
// user's cache directory. It returns "" (no cache) when the variable is
// "off", or when it is unset and there is no user cache directory (no
// HOME: a service, env -i); an error only when the variable is not an
// absolute path.
func Dir() (string, error) {
	if d := os.Getenv(Env); d != "" {
		if d == "off" {
			return "", nil
		}
		if !filepath.IsAbs(d) {
			return "", fmt.Errorf("%s=%q: want an absolute path or off", Env, d)
		}
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", nil
	}
	return filepath.Join(d, "spindle"), nil
}

// Open opens (creating it if need be) the cache in dir.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	readme := filepath.Join(dir, "README")
	if _, err := os.Stat(readme); err != nil {
		os.WriteFile(readme, []byte("This directory holds cached build artifacts from spindle.\nRemove it with: spindle clean -cache\n"), 0o666)
	}
	c := &Cache{dir: dir, now: time.Now}
	c.writable = sync.OnceValue(func() bool {
		f, err := os.CreateTemp(dir, ".tmp-probe-*")
		if err != nil {
			return false
		}
		f.Close()
		os.Remove(f.Name())
		return true
	})
	return c, nil
}

// Writable reports whether entries can be written (checked once): a
// read-only or full cache is not worth encoding a program for.
func (c *Cache) Writable() bool { return c.writable() }

// Dir returns the directory the cache is in.
func (c *Cache) Dir() string { return c.dir }

// header starts every entry: magic, key, length and CRC-32C of the content.
const (
	magic      = "spindle cache 1\n"
	headerSize = len(magic) + sha256.Size + 8 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (c *Cache) path(k Key) string {
	h := hex.EncodeToString(k[:])
	return filepath.Join(c.dir, h[:2], h+"-p")
}

// Get returns the content stored under k; ok is false when there is none
// or the entry is damaged.
func (c *Cache) Get(k Key) (content []byte, ok bool) {
	name := c.path(k)
	b, err := os.ReadFile(name)
	if err != nil || len(b) < headerSize || string(b[:len(magic)]) != magic || !bytes.Equal(b[len(magic):len(magic)+len(k)], k[:]) {
		return nil, false
	}
	h := b[len(magic)+len(k):]
	n := binary.LittleEndian.Uint64(h)
	sum := binary.LittleEndian.Uint32(h[8:])
	content = b[headerSize:]
	if uint64(len(content)) != n || crc32.Checksum(content, castagnoli) != sum {
		return nil, false
	}
	// Mark it used (for Trim), at most once an hour, as the go command
	// does: a hit costs no write.
	if st, err := os.Stat(name); err == nil && c.now().Sub(st.ModTime()) > time.Hour {
		os.Chtimes(name, c.now(), c.now())
	}
	return content, true
}

// Put stores content under k, replacing any entry there.
func (c *Cache) Put(k Key, content []byte) error {
	name := c.path(k)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	var h [headerSize]byte
	copy(h[:], magic)
	copy(h[len(magic):], k[:])
	binary.LittleEndian.PutUint64(h[len(magic)+len(k):], uint64(len(content)))
	binary.LittleEndian.PutUint32(h[len(magic)+len(k)+8:], crc32.Checksum(content, castagnoli))
	_, err = f.Write(h[:])
	if err == nil {
		_, err = f.Write(content)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// Trim removes the entries unused for trimAge, at most once a trimEvery
// (the time of the last trim is kept in the file trim.txt).
func (c *Cache) Trim() error {
	const (
		trimAge   = 5 * 24 * time.Hour
		trimEvery = 24 * time.Hour
	)
	now := c.now()
	stamp := filepath.Join(c.dir, "trim.txt")
	if b, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && now.Sub(time.Unix(t, 0)) < trimEvery {
			return nil
		}
	}
	// Write the stamp first: concurrent runs then do not all trim.
	if err := os.WriteFile(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o666); err != nil {
		return err
	}
	err := c.remove(func(info fs.FileInfo) bool {
		return now.Sub(info.ModTime()) > trimAge
	})
	// Scratch modules of spindle run pkg@version (run/<hash>/ready).
	ents, _ := os.ReadDir(filepath.Join(c.dir, "run"))
	for _, e := range ents {
		d := filepath.Join(c.dir, "run", e.Name())
		st, serr := os.Stat(filepath.Join(d, "ready"))
		if serr == nil && now.Sub(st.ModTime()) > trimAge || serr != nil && strings.HasPrefix(e.Name(), ".tmp-") {
			os.RemoveAll(d)
		}
	}
	return err
}

// Clean removes every entry and scratch module (spindle clean -cache).
func (c *Cache) Clean() error {
	return errors.Join(c.remove(func(fs.FileInfo) bool { return true }), os.RemoveAll(filepath.Join(c.dir, "run")))
}

// remove deletes the entries (and leftover temporary files older than an
// hour) that drop selects.
func (c *Cache) remove(drop func(fs.FileInfo) bool) error {
	var errs []error
	for i := 0; i < 256; i++ {
		sub := filepath.Join(c.dir, fmt.Sprintf("%02x", i))
		ents, err := os.ReadDir(sub)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
			continue
		}
		for _, e := range ents {
			tmp := strings.HasPrefix(e.Name(), ".tmp-")
			if !tmp && !isEntryName(e.Name()) {
				continue // not the cache's: leave it
			}
			info, err := e.Info()
			if err != nil {
				continue
			}
			if (tmp && c.now().Sub(info.ModTime()) > time.Hour) || (!tmp && drop(info)) {
				if err := os.Remove(filepath.Join(sub, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
					errs = append(errs, err)
				}
			}
		}
	}
	return errors.Join(errs...)
}

// isEntryName reports whether name is an entry's file name: 64 lowercase
// hex digits and "-p".
func isEntryName(name string) bool {
	h, ok := strings.CutSuffix(name, "-p")
	if !ok || len(h) != 2*sha256.Size {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
