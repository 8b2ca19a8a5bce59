package spindle

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"

	"spindle/internal/cache"
	"spindle/internal/compile"
	"spindle/internal/golist"
	"spindle/internal/loader"
	"spindle/internal/typecodec"
	"spindle/internal/vm"
)

// The compile cache.
//
// With CompileOptions.Cache set, a compiled program is written to the
// cache directory (internal/cache) under a key that hashes everything its
// compilation read: spindle's own build (its Go build ID, which covers the
// guest std embedded in it, and the codec's layout), the toolchain whose
// std sources it compiled (GOROOT, its VERSION, and the build tags and
// GOEXPERIMENT that select their files), the options that change code
// (MemPoints, the host functions' names and Go types), and every file of
// the program's own packages and third-party ones, by name and content,
// with their language versions and import maps. The entry also records
// the size and modification time of every GOROOT file and directory the
// compile read (cache.Stats), and is used only while they are unchanged.
// The next compile with the same key reads the program back
// (vm.EncodeProgram's form, with the go/types types of its descriptors in
// typecodec's), verifies every function as the compiler does, and runs
// it instead of type-checking and compiling. The go command still
// resolves a module's packages first, though its answer is itself kept
// while what it was read from is unchanged (golist.ListCached).
//
// Not cached: programs with a //go:embed directive (the files embedded are
// read while loading, after the key is made), and programs the codec
// cannot write (a compile that fails; an unknown constant). An entry that
// cannot be read back (damaged, naming a host function that no longer
// exists, failing verification) is a miss: the program is compiled and
// the entry written again. A cache directory that cannot be written costs
// nothing but the check.

// cacheKey returns the key of compiling main and deps with opts, and
// false when such a compile is not cached.
func cacheKey(opts CompileOptions, main *loader.Source, deps map[string]*loader.Source) (cache.Key, bool) {
	id, err := cache.SelfID()
	if err != nil {
		return cache.Key{}, false
	}
	h := cache.NewHash("spindle compile cache 2")
	str := h.Str
	str(id)
	str(vm.CodecLayout())
	root := golist.GoRoot()
	str(root)
	str(goRootVersion(root))
	str(loader.BuildTags())
	str(fmt.Sprint(opts.MemPoints))
	hosts := slices.SortedFunc(slices.Values(opts.Host), func(a, b HostFunc) int { return cmp.Compare(a.Name, b.Name) })
	for _, hf := range hosts {
		str(hf.Name)
		str(fmt.Sprint(reflect.TypeOf(hf.Fn), hf.Blocking))
	}
	embed := []byte("//go:embed")
	src := func(s *loader.Source) bool {
		str(s.Path)
		str(s.GoVersion)
		str(fmt.Sprint(s.TestMain))
		for _, k := range slices.Sorted(maps.Keys(s.ImportMap)) {
			str(k)
			str(s.ImportMap[k])
		}
		str(fmt.Sprint(len(s.Names)))
		for i, name := range s.Names {
			if bytes.Contains(s.Srcs[i], embed) {
				return false
			}
			str(name)
			h.Bytes(s.Srcs[i])
		}
		return true
	}
	if !src(main) {
		return cache.Key{}, false
	}
	for _, path := range slices.Sorted(maps.Keys(deps)) {
		str(path)
		if !src(deps[path]) {
			return cache.Key{}, false
		}
	}
	return h.Sum(), true
}

// goRootVersion returns the VERSION file of GOROOT root (memoised).
func goRootVersion(root string) string {
	if root == "" {
		return ""
	}
	goRootVersions.Lock()
	defer goRootVersions.Unlock()
	v, ok := goRootVersions.m[root]
	if !ok {
		b, _ := os.ReadFile(filepath.Join(root, "VERSION"))
		v = string(b)
		goRootVersions.m[root] = v
	}
	return v
}

var goRootVersions = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

// openCache opens opts.Cache, or returns nil.
func openCache(opts CompileOptions) *cache.Cache {
	if opts.Cache == "" {
		return nil
	}
	c, err := cache.Open(opts.Cache)
	if err != nil {
		return nil
	}
	return c
}

// listStore returns the compile cache as go list's answers' store (nil
// without one).
func listStore(opts CompileOptions) golist.Store {
	if c := openCache(opts); c != nil {
		return keyStore{c}
	}
	return nil
}

type keyStore struct{ c *cache.Cache }

func (s keyStore) Get(k [32]byte) ([]byte, bool)  { return s.c.Get(cache.Key(k)) }
func (s keyStore) Put(k [32]byte, b []byte) error { return s.c.Put(cache.Key(k), b) }

// cachedProgram returns the program stored under k, or nil.
func cachedProgram(c *cache.Cache, k cache.Key, table compile.HostTable) *Program {
	data, ok := c.Get(k)
	if !ok {
		return nil
	}
	p, err := decodeEntry(data, table)
	if err != nil {
		return nil
	}
	return &Program{p: p, cached: true}
}

// storeProgram writes p under k, with stats (what of GOROOT the compile
// read); a program the codecs cannot write is not stored, nor one whose
// GOROOT files changed while it compiled.
func storeProgram(c *cache.Cache, k cache.Key, p *vm.Program, stats *cache.Stats) {
	if stats.Fresh || !c.Writable() {
		return
	}
	data, err := encodeEntry(p, stats)
	if err != nil {
		return
	}
	c.Put(k, data)
	c.Trim()
}

// encodeEntry returns a cache entry: the GOROOT stats (JSON) and the
// program (encodeProgram), each after its length.
func encodeEntry(p *vm.Program, stats *cache.Stats) ([]byte, error) {
	sb, err := json.Marshal(stats.Entries)
	if err != nil {
		return nil, err
	}
	prog, err := encodeProgram(p)
	if err != nil {
		return nil, err
	}
	return joinParts(sb, prog), nil
}

// joinParts returns a and b as one entry: a's length, a, then b.
func joinParts(a, b []byte) []byte {
	out := binary.AppendUvarint(nil, uint64(len(a)))
	out = append(out, a...)
	return append(out, b...)
}

// splitParts undoes joinParts.
func splitParts(data []byte) (a, b []byte, err error) {
	n, w := binary.Uvarint(data)
	if w <= 0 || n > uint64(len(data)-w) {
		return nil, nil, errors.New("malformed cache entry")
	}
	return data[w : w+int(n)], data[w+int(n):], nil
}

// decodeEntry reads what encodeEntry wrote: the program, if GOROOT's
// files it was compiled from are unchanged.
func decodeEntry(data []byte, table compile.HostTable) (*vm.Program, error) {
	sb, prog, err := splitParts(data)
	if err != nil {
		return nil, err
	}
	var stats cache.Stats
	if err := json.Unmarshal(sb, &stats.Entries); err != nil {
		return nil, err
	}
	if !stats.Unchanged() {
		return nil, errors.New("GOROOT changed")
	}
	return decodeProgram(prog, table)
}

// encodeProgram returns p as a cache entry holds it: the length of its
// vm encoding, that encoding, and its descriptors' go/types types.
func encodeProgram(p *vm.Program) ([]byte, error) {
	code, goTypes, err := vm.EncodeProgram(p)
	if err != nil {
		return nil, err
	}
	tb, err := typecodec.Encode(goTypes)
	if err != nil {
		return nil, err
	}
	return joinParts(code, tb), nil
}

// decodeProgram reads what encodeProgram wrote, binding host functions
// from table. The go/types types decode on another goroutine meanwhile.
func decodeProgram(data []byte, table compile.HostTable) (*vm.Program, error) {
	code, tb, err := splitParts(data)
	if err != nil {
		return nil, err
	}
	type decoded struct {
		ts  []types.Type
		err error
	}
	ch := make(chan decoded, 1)
	go func() {
		ts, err := typecodec.Decode(tb)
		ch <- decoded{ts, err}
	}()
	goTypes := func() ([]types.Type, error) {
		r := <-ch
		return r.ts, r.err
	}
	p, descs, err := vm.DecodeProgram(code, goTypes, func(name string) vm.HostFunc { return table[name] })
	if err != nil {
		return nil, err
	}
	p.TypeFor = compile.TypeFor(descs)
	return p, nil
}
