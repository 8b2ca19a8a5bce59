package vm

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unsafe"
)

// Copying values between shards.
//
// A shard owns every guest object it allocated; another shard may only get
// a copy, and the copy then belongs to the receiver. CopyValue makes that
// copy. It walks the representations of value.go:
//
//	nil, string, complex128     shared: no mutable storage
//	*Value                      pointer: the target is copied
//	[]Value                     slice, array or struct: the whole backing array
//	                            (up to cap) is copied, then re-sliced
//	[]byte, *byte, []uint64,    packed slice or array, element pointer: the
//	*uint64                     backing array's elements reached are copied
//	                            once, views and pointers into it keep sharing
//	                            it
//	*Map                        a new Map with the same types, entries
//	                            re-inserted in insertion order
//	*Closure                    Fn shared (code is immutable); Free copied;
//	                            a closure without free variables is shared
//	*Iface                      a new box: same T, copied V
//	*Chan                       cannot cross (CrossError "chan"); a typed nil
//	                            *Chan is copied as nil
//	Shareable                   shared (the object synchronises itself)
//	*Type, *unicode.RangeTable, shared: immutable host objects
//	*strings.Replacer,
//	*time.Location
//	*Closure of a Func.Captures cannot cross (reflect's method values and
//	                            MakeFunc functions close over guest values)
//	anything else               cannot cross (CrossError "host object %T")
//
// Searching the package and its users for what they put in R found, besides
// the rows above: *MapIter and *strIter (range iterators; they live only in
// registers, never in a guest-visible value, and are refused as unknown host
// objects), the guest std bindings' mutable host state (*strings.Builder,
// *rand.ChaCha8, timers, mutex and queue state, fiber channels: refused
// unless the type implements Shareable) and the immutable *unicode.RangeTable
// (unicode.table) and *strings.Replacer (strings.NewReplacer, documented safe
// for concurrent use), which are shared, and so are *time.Location (a time
// zone LoadLocation loaded) and *Type (reflect.Type's descriptor: immutable
// apart from its internally locked caches; Iface.T is always shared).
//
// # Aliasing
//
// Aliasing inside one CopyValue call is preserved whatever the order in
// which the value graph reaches the aliases, and cycles are preserved. The
// copy runs in two passes:
//
//  1. scan walks the graph once, refusing values that cannot cross, and
//     records each backing array a slice or aggregate reaches as the address
//     range [&s[:cap][0], end). Ranges of views that overlap (s[1:] and s[:2]
//     of one array, or a full slice expression s[2:4:6] and s[3:]) come from
//     the same allocation; they are merged into one block, so each block is
//     copied once and every view of it maps to the same offset in the copy.
//  2. copy allocates each block once and re-slices it for every view (same
//     offset, len and cap); a *Value whose target lies in a block (&arr[3],
//     &s.f) maps to the element of the block's copy, even when the pointer
//     is reached before the aggregate or slice. Any other *Value, and every
//     *Map, *Closure and *Iface, is copied once, memoised by identity.
//
// Both passes use explicit work lists, so a long linked list does not
// deepen the host stack. Map entries are inserted after every pending
// aggregate is filled: keys are hashed by content (structs, arrays,
// interfaces) or by the copy's identity (pointers), never by the original's.
//
// Limits: a view into an array that the value reaches only through a
// pointer to one element (&arr[3] alone) copies just that element, which is
// all the receiver can reach. Views whose ranges merely touch are copied as
// separate arrays (they share no element, so nothing observable is lost).
// A slice copies its whole capacity: a short view of a large array copies
// the array. Overlapping full-slice-expression views that start at
// different addresses and end at different addresses have their common
// elements scanned once per view (the result is still one copy).

// Shareable is implemented by host objects that may be referenced from
// several shards at once (they synchronise internally), e.g. a cross-shard
// channel handle. CopyValue shares them instead of copying.
type Shareable interface{ ShareAcrossShards() }

// CrossError reports a value that cannot be sent to another shard.
type CrossError struct {
	// What names the offending part: "chan", or "host object " followed by
	// the Go type of the host object (as %T prints it).
	What string
}

// Error returns "fiber: value of type <What> cannot cross shards".
func (e *CrossError) Error() string {
	return "fiber: value of type " + e.What + " cannot cross shards"
}

// CopyValue returns a deep copy of v for another shard. err is non-nil
// (a *CrossError) when v holds something that cannot cross: a channel
// (*Chan), a closure whose free variables cannot cross, or an unknown host
// object (anything in R that is not one of the representations of
// value.go and not Shareable). Strings, immutable host objects and
// Shareable objects are shared; everything else reachable from v is copied,
// with aliasing and cycles preserved (see the comment at the top of
// copy.go). v is only read; the caller must not mutate it concurrently.
func CopyValue(v Value) (Value, error) {
	switch x := v.R.(type) {
	case nil, string, complex128, rawAddr:
		return v, nil
	case *Iface:
		if x == nil {
			return v, nil // a nil interface
		}
		// Interface boxes are immutable: one holding a scalar or a string
		// is shared (the common message: an int or a string in an any).
		switch x.V.R.(type) {
		case nil, string, complex128, rawAddr:
			return v, nil
		}
	}
	c := copierPool.Get().(*copier)
	defer c.release()
	if err := c.scan(v); err != nil {
		return Value{}, err
	}
	c.mergeSpans()
	c.byteSpans.merge()
	c.wordSpans.merge()
	out := c.value(v)
	c.drain()
	return out, nil
}

// copier holds the state of one CopyValue call. Its memo maps are
// allocated on first use; scan marks an object with a nil copy, the copy
// pass fills it in.
type copier struct {
	// spans are the backing arrays reached: during scan in discovery order
	// (findSpan indexes them by end address), then sorted by start and
	// merged into disjoint blocks.
	spans []copySpan
	byEnd map[uintptr]int
	// byteSpans and wordSpans are the packed backing arrays reached
	// ([]byte and *byte, []uint64 and *uint64), merged into disjoint
	// blocks after the scan as spans are; a packed array holds no
	// references, so its copy is made at once.
	byteSpans packedSpans[byte]
	wordSpans packedSpans[uint64]

	ptrs   map[*Value]*Value // every pointer; copies only of those outside every block
	maps   map[*Map]*Map
	clos   map[*Closure]*Closure
	ifaces map[*Iface]*Iface

	work    [][]Value     // scan: element lists to visit
	mapWork []*Map        // scan: maps whose entries are to visit
	fills   []copyFill    // copy: element lists to copy
	mapFill []copyMapFill // copy: maps to fill
	pairs   []Value       // copy: one map's copied keys and values, interleaved
	err     error
}

// copySpan is a backing array: Values at addresses [start, end); base points
// at the first (and keeps the array alive). copy is its copy, once made.
type copySpan struct {
	start, end uintptr
	base       *Value
	copy       []Value
}

// copyFill asks the copy pass to set dst[i] to a copy of src[i].
type copyFill struct{ dst, src []Value }

// copyMapFill asks the copy pass to insert copies of src's entries into dst.
type copyMapFill struct{ dst, src *Map }

// spanIndexAt is the number of spans from which findSpan uses byEnd rather
// than a linear search.
const spanIndexAt = 8

// retainMax bounds the lists and memo maps a pooled copier keeps.
const retainMax = 1024

var copierPool = sync.Pool{New: func() any { return new(copier) }}

// emptyValues is a non-nil empty slice, boxed once.
var emptyValues any = []Value{}

// release clears c (it must not keep the sender's or receiver's objects
// alive) and returns it to the pool.
func (c *copier) release() {
	c.spans = resetCopyList(c.spans)
	c.byteSpans = resetCopyList(c.byteSpans)
	c.wordSpans = resetCopyList(c.wordSpans)
	c.work = resetCopyList(c.work)
	c.mapWork = resetCopyList(c.mapWork)
	c.fills = resetCopyList(c.fills)
	c.mapFill = resetCopyList(c.mapFill)
	c.pairs = resetCopyList(c.pairs)
	c.byEnd = resetCopyMap(c.byEnd)
	c.ptrs = resetCopyMap(c.ptrs)
	c.maps = resetCopyMap(c.maps)
	c.clos = resetCopyMap(c.clos)
	c.ifaces = resetCopyMap(c.ifaces)
	c.err = nil
	copierPool.Put(c)
}

func resetCopyList[T any](s []T) []T {
	if cap(s) > retainMax {
		return nil
	}
	clear(s[:cap(s)])
	return s[:0]
}

func resetCopyMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > retainMax {
		return nil
	}
	clear(m)
	return m
}

// markNew records k in *m (allocating the map on first use) and reports
// whether it was new.
func markNew[K comparable, V any](m *map[K]V, k K) bool {
	if _, ok := (*m)[k]; ok {
		return false
	}
	if *m == nil {
		*m = make(map[K]V)
	}
	var zero V
	(*m)[k] = zero
	return true
}

// scan walks everything reachable from v, records backing arrays and marks
// memoised objects, and returns a *CrossError for the first value that
// cannot cross.
func (c *copier) scan(v Value) error {
	c.scanValue(v)
	for c.err == nil {
		if n := len(c.work); n > 0 {
			list := c.work[n-1]
			c.work[n-1] = nil
			c.work = c.work[:n-1]
			for _, e := range list {
				c.scanValue(e)
				if c.err != nil {
					break
				}
			}
			continue
		}
		n := len(c.mapWork)
		if n == 0 {
			break
		}
		m := c.mapWork[n-1]
		c.mapWork = c.mapWork[:n-1]
		for _, e := range m.entries {
			if !e.dead {
				c.scanValue(e.K)
				c.scanValue(e.V)
			}
		}
	}
	return c.err
}

// scanValue visits one value: it queues what v references (it never
// recurses) or records an error.
func (c *copier) scanValue(v Value) {
	switch r := v.R.(type) {
	case nil, string, complex128, rawAddr:
	case *Value:
		if r != nil && markNew(&c.ptrs, r) {
			c.work = append(c.work, unsafe.Slice(r, 1))
		}
	case []Value:
		c.addSpan(r)
	case []byte:
		c.byteSpans.addSlice(r)
	case *byte:
		c.byteSpans.add(r, 1)
	case []uint64:
		c.wordSpans.addSlice(r)
	case *uint64:
		c.wordSpans.add(r, 1)
	case *Map:
		if r != nil && markNew(&c.maps, r) {
			c.mapWork = append(c.mapWork, r)
		}
	case *Closure:
		if r != nil && r.Fn.Captures {
			c.fail("func made by reflect (a method value or MakeFunc)")
		}
		if r != nil && len(r.Free) > 0 && markNew(&c.clos, r) {
			c.work = append(c.work, r.Free)
		}
	case *Iface:
		if r != nil && markNew(&c.ifaces, r) {
			c.work = append(c.work, unsafe.Slice(&r.V, 1))
		}
	case *Chan:
		if r != nil {
			c.fail("chan")
		}
	case Shareable, *Type, *unicode.RangeTable, *strings.Replacer, *time.Location:
	default:
		c.fail(fmt.Sprintf("host object %T", r))
	}
}

func (c *copier) fail(what string) {
	if c.err == nil {
		c.err = &CrossError{What: what}
	}
}

// addSpan records the backing array of s and queues the elements not
// already queued. Views sharing an end address (every s[i:j] of one array)
// share a span, which grows downwards to the lowest start seen.
func (c *copier) addSpan(s []Value) {
	if cap(s) == 0 {
		return
	}
	full := s[:cap(s)]
	base := &full[0]
	start := uintptr(unsafe.Pointer(base))
	end := start + uintptr(len(full))*valueSize
	if i := c.findSpan(end); i >= 0 {
		sp := &c.spans[i]
		if start < sp.start {
			c.work = append(c.work, full[:(sp.start-start)/valueSize])
			sp.start, sp.base = start, base
		}
		return
	}
	c.spans = append(c.spans, copySpan{start: start, end: end, base: base})
	switch n := len(c.spans); {
	case n > spanIndexAt:
		c.byEnd[end] = n - 1
	case n == spanIndexAt:
		if c.byEnd == nil {
			c.byEnd = make(map[uintptr]int, 2*spanIndexAt)
		}
		for i := range c.spans {
			c.byEnd[c.spans[i].end] = i
		}
	}
	c.work = append(c.work, full)
}

// findSpan returns the index of the span ending at end, or -1 (scan only).
func (c *copier) findSpan(end uintptr) int {
	if len(c.spans) >= spanIndexAt {
		if i, ok := c.byEnd[end]; ok {
			return i
		}
		return -1
	}
	for i := range c.spans {
		if c.spans[i].end == end {
			return i
		}
	}
	return -1
}

// mergeSpans sorts the spans by start and merges overlapping ones (views
// of one array that end at different addresses) into disjoint blocks.
func (c *copier) mergeSpans() {
	if len(c.spans) < 2 {
		return
	}
	slices.SortFunc(c.spans, func(a, b copySpan) int { return cmp.Compare(a.start, b.start) })
	out := c.spans[:1]
	for _, s := range c.spans[1:] {
		if last := &out[len(out)-1]; s.start < last.end {
			last.end = max(last.end, s.end)
			continue
		}
		out = append(out, s)
	}
	clear(c.spans[len(out):])
	c.spans = out
}

// block returns the block holding the Value at addr, or nil (copy only).
func (c *copier) block(addr uintptr) *copySpan {
	lo, hi := 0, len(c.spans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if c.spans[m].end <= addr {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(c.spans) && c.spans[lo].start <= addr {
		return &c.spans[lo]
	}
	return nil
}

// blockCopy returns b's copy, allocating it (and queueing its fill) first.
func (c *copier) blockCopy(b *copySpan) []Value {
	if b.copy == nil {
		n := int((b.end - b.start) / valueSize)
		b.copy = make([]Value, n)
		c.fills = append(c.fills, copyFill{dst: b.copy, src: unsafe.Slice(b.base, n)})
	}
	return b.copy
}

// value returns the copy of v. References are allocated (or found in the
// memo) at once and their contents queued, so value never recurses.
func (c *copier) value(v Value) Value {
	switch r := v.R.(type) {
	case *Value:
		if r != nil {
			v.R = c.pointer(r)
		}
	case []Value:
		v.R = c.slice(r)
	case []byte:
		v.R = c.byteSpans.slice(r)
	case *byte:
		v.R = c.byteSpans.pointer(r)
	case []uint64:
		v.R = c.wordSpans.slice(r)
	case *uint64:
		v.R = c.wordSpans.pointer(r)
	case *Map:
		if r != nil {
			v.R = c.mapCopy(r)
		}
	case *Closure:
		if r != nil && len(r.Free) > 0 {
			v.R = c.closure(r)
		}
	case *Iface:
		if r != nil {
			v.R = c.iface(r)
		}
	}
	// Everything else is shared (scan refused what cannot cross).
	return v
}

func (c *copier) pointer(p *Value) any {
	if b := c.block(uintptr(unsafe.Pointer(p))); b != nil {
		return &c.blockCopy(b)[(uintptr(unsafe.Pointer(p))-b.start)/valueSize]
	}
	if q := c.ptrs[p]; q != nil {
		return q
	}
	q := new(Value)
	c.ptrs[p] = q
	c.fills = append(c.fills, copyFill{dst: unsafe.Slice(q, 1), src: unsafe.Slice(p, 1)})
	return q
}

func (c *copier) slice(s []Value) any {
	switch {
	case s == nil:
		return s
	case cap(s) == 0:
		return emptyValues
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	b := c.block(start)
	if b == nil {
		panic(bugf("CopyValue: backing array of a slice was not scanned"))
	}
	off := int((start - b.start) / valueSize)
	return c.blockCopy(b)[off : off+len(s) : off+cap(s)]
}

func (c *copier) mapCopy(m *Map) any {
	if d := c.maps[m]; d != nil {
		return d
	}
	d := NewMap(m.KeyT, m.ValT, m.Len())
	c.maps[m] = d
	c.mapFill = append(c.mapFill, copyMapFill{dst: d, src: m})
	return d
}

func (c *copier) closure(f *Closure) any {
	if d := c.clos[f]; d != nil {
		return d
	}
	d := &Closure{Fn: f.Fn, Free: make([]Value, len(f.Free))}
	c.clos[f] = d
	c.fills = append(c.fills, copyFill{dst: d.Free, src: f.Free})
	return d
}

func (c *copier) iface(x *Iface) any {
	if d := c.ifaces[x]; d != nil {
		return d
	}
	d := &Iface{T: x.T}
	c.ifaces[x] = d
	// x.V is a concrete value, never an *Iface, so this does not recurse.
	d.V = c.value(x.V)
	return d
}

// drain runs the queued fills. A map is filled only when no other fill is
// pending: its keys are copied, every aggregate they reach is completed,
// and only then are they hashed by Store.
func (c *copier) drain() {
	for {
		c.drainFills()
		n := len(c.mapFill)
		if n == 0 {
			return
		}
		mf := c.mapFill[n-1]
		c.mapFill[n-1] = copyMapFill{}
		c.mapFill = c.mapFill[:n-1]
		for _, e := range mf.src.entries {
			if !e.dead {
				c.pairs = append(c.pairs, c.value(e.K), c.value(e.V))
			}
		}
		c.drainFills()
		for i := 0; i < len(c.pairs); i += 2 {
			mf.dst.Store(c.pairs[i], c.pairs[i+1])
		}
		c.pairs = resetCopyList(c.pairs)
	}
}

func (c *copier) drainFills() {
	for n := len(c.fills); n > 0; n = len(c.fills) {
		f := c.fills[n-1]
		c.fills[n-1] = copyFill{}
		c.fills = c.fills[:n-1]
		for i, e := range f.src {
			f.dst[i] = c.value(e)
		}
	}
}

// packedSpan is a packed backing array: elements at addresses [start, end);
// base points at the first. copy is its copy, once made.
type packedSpan[T byte | uint64] struct {
	start, end uintptr
	base       *T
	copy       []T
}

// packedSpans are the packed arrays one CopyValue reached: recorded during
// the scan (add), merged into disjoint blocks (merge), copied on first use
// (block).
type packedSpans[T byte | uint64] []packedSpan[T]

// addSlice records the backing array of s up to its capacity.
func (ps *packedSpans[T]) addSlice(s []T) {
	if cap(s) > 0 {
		full := s[:cap(s)]
		ps.add(&full[0], len(full))
	}
}

// add records the n elements at base (nil: nothing).
func (ps *packedSpans[T]) add(base *T, n int) {
	if base == nil {
		return
	}
	start := uintptr(unsafe.Pointer(base))
	*ps = append(*ps, packedSpan[T]{start: start, end: start + uintptr(n)*unsafe.Sizeof(*base), base: base})
}

// merge sorts the spans by start and merges overlapping ones (views of one
// array, pointers into it) into disjoint blocks.
func (ps *packedSpans[T]) merge() {
	s := *ps
	if len(s) < 2 {
		return
	}
	slices.SortFunc(s, func(a, b packedSpan[T]) int { return cmp.Compare(a.start, b.start) })
	out := s[:1]
	for _, x := range s[1:] {
		if last := &out[len(out)-1]; x.start < last.end {
			last.end = max(last.end, x.end)
			continue
		}
		out = append(out, x)
	}
	clear(s[len(out):])
	*ps = out
}

// block returns the copy of the block holding addr and addr's index in
// it (copy pass only).
func (ps packedSpans[T]) block(addr uintptr) ([]T, int) {
	i, _ := slices.BinarySearchFunc(ps, addr, func(s packedSpan[T], a uintptr) int {
		if s.end <= a {
			return -1
		}
		if s.start > a {
			return 1
		}
		return 0
	})
	if i >= len(ps) || ps[i].start > addr {
		panic(bugf("CopyValue: packed storage was not scanned"))
	}
	b := &ps[i]
	var zero T
	size := unsafe.Sizeof(zero)
	if b.copy == nil {
		b.copy = append([]T(nil), unsafe.Slice(b.base, (b.end-b.start)/size)...)
	}
	return b.copy, int((addr - b.start) / size)
}

// slice returns the copy of s: the same view of its block's copy.
func (ps packedSpans[T]) slice(s []T) any {
	switch {
	case s == nil:
		return s
	case cap(s) == 0:
		return []T{}
	}
	b, off := ps.block(uintptr(unsafe.Pointer(unsafe.SliceData(s))))
	return b[off : off+len(s) : off+cap(s)]
}

// pointer returns the copy of p: the same element of its block's copy.
func (ps packedSpans[T]) pointer(p *T) any {
	if p == nil {
		return p
	}
	b, off := ps.block(uintptr(unsafe.Pointer(p)))
	return &b[off]
}
