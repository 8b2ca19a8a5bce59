package vm

// Map is a guest map. Entries live in insertion order in a slice of
// pointers; an index (a host map keyed by the guest key's canonical form)
// finds them. Iteration walks a snapshot of the entry slice from a random
// offset (Go randomises map order; so do we, from the shard's seeded
// generator), skipping entries deleted since the snapshot, which gives Go's
// guarantees: a deleted entry not yet reached is not produced, an entry
// inserted during iteration may or may not be. A map of up to 8 entries is
// walked in insertion order from there, as gc walks its one group of
// slots; a larger one with a random stride coprime to its length, so that
// the order is not a rotation of insertion order (gc's is the hash
// order), and code that depends on it fails as it would under gc.
type Map struct {
	KeyT, ValT *Type
	ints       map[uint64]*mapEntry // integer, bool, pointer-free scalar keys
	strs       map[string]*mapEntry // string keys
	gen        map[string]*mapEntry // every other key: canonical encoding
	entries    []*mapEntry
	live       int
	keybuf     []byte
}

type mapEntry struct {
	K, V Value
	dead bool
}

type mapIndexKind uint8

const (
	mapInts mapIndexKind = iota
	mapStrs
	mapGen
)

func indexKind(t *Type) mapIndexKind {
	switch {
	case t.Kind == KString:
		return mapStrs
	case t.Kind == KBool || t.Kind.IsInteger():
		return mapInts
	}
	return mapGen
}

// NewMap returns an empty map with the given key and value types.
func NewMap(kt, vt *Type, hint int) *Map {
	m := &Map{KeyT: kt, ValT: vt}
	switch indexKind(kt) {
	case mapInts:
		m.ints = make(map[uint64]*mapEntry, hint)
	case mapStrs:
		m.strs = make(map[string]*mapEntry, hint)
	default:
		m.gen = make(map[string]*mapEntry, hint)
	}
	return m
}

// Len returns the number of entries.
func (m *Map) Len() int {
	if m == nil {
		return 0
	}
	return m.live
}

func (m *Map) find(k Value) *mapEntry {
	switch {
	case m.strs != nil:
		s, _ := k.R.(string)
		return m.strs[s]
	case m.ints != nil:
		return m.ints[k.N]
	}
	if hasNaN(m.KeyT, k) {
		return nil
	}
	m.keybuf = appendKey(m.keybuf[:0], m.KeyT, k)
	return m.gen[string(m.keybuf)]
}

// Lookup returns the value for k and whether it was present.
func (m *Map) Lookup(k Value) (Value, bool) {
	if m == nil {
		return Value{}, false
	}
	if e := m.find(k); e != nil {
		return e.V, true
	}
	return Value{}, false
}

// Store sets m[k] = v (v already copied if it is an aggregate).
func (m *Map) Store(k, v Value) {
	if e := m.find(k); e != nil {
		e.V = v
		return
	}
	e := &mapEntry{K: k, V: v}
	switch {
	case m.strs != nil:
		s, _ := k.R.(string)
		m.strs[s] = e
	case m.ints != nil:
		m.ints[k.N] = e
	default:
		if !hasNaN(m.KeyT, k) {
			m.keybuf = appendKey(m.keybuf[:0], m.KeyT, k)
			m.gen[string(m.keybuf)] = e
		}
	}
	m.entries = append(m.entries, e)
	m.live++
}

// Delete removes k.
func (m *Map) Delete(k Value) {
	if m == nil {
		return
	}
	e := m.find(k)
	if e == nil {
		return
	}
	switch {
	case m.strs != nil:
		s, _ := k.R.(string)
		delete(m.strs, s)
	case m.ints != nil:
		delete(m.ints, k.N)
	default:
		delete(m.gen, string(m.keybuf))
	}
	e.dead = true
	m.live--
	if len(m.entries) > 32 && m.live < len(m.entries)/2 {
		m.compact()
	}
}

func (m *Map) compact() {
	ents := make([]*mapEntry, 0, m.live+m.live/4)
	for _, e := range m.entries {
		if !e.dead {
			ents = append(ents, e)
		}
	}
	m.entries = ents
}

// Clear removes every entry.
func (m *Map) Clear() {
	if m == nil {
		return
	}
	for _, e := range m.entries {
		e.dead = true
	}
	m.entries = nil
	m.live = 0
	clear(m.ints)
	clear(m.strs)
	clear(m.gen)
}

// MapIter iterates over a Map.
type MapIter struct {
	ents   []*mapEntry
	j      int // the next position
	stride int // coprime to len(ents): every position once
	i      int // positions visited
}

// Iter returns an iterator starting at a position drawn from rnd.
func (m *Map) Iter(rnd uint64) *MapIter {
	if m == nil || len(m.entries) == 0 {
		return &MapIter{}
	}
	n := len(m.entries)
	it := &MapIter{ents: m.entries, j: int(rnd % uint64(n)), stride: 1}
	if n > 8 {
		it.stride = 1 + int((rnd>>32)%uint64(n-1))
		for gcd(it.stride, n) != 1 {
			it.stride++
		}
	}
	return it
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Next returns the next live entry.
func (it *MapIter) Next() (k, v Value, ok bool) {
	n := len(it.ents)
	for it.i < n {
		e := it.ents[it.j]
		it.i++
		if it.j += it.stride; it.j >= n {
			it.j -= n
		}
		if !e.dead {
			return e.K, e.V, true
		}
	}
	return Value{}, Value{}, false
}

// Entries returns the live entries in insertion order (for host code such as
// fmt, which prints maps sorted by key).
func (m *Map) Entries() (keys, vals []Value) {
	if m == nil {
		return nil, nil
	}
	for _, e := range m.entries {
		if !e.dead {
			keys = append(keys, e.K)
			vals = append(vals, e.V)
		}
	}
	return
}
