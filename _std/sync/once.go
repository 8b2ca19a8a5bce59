package sync

// Once is an object that will perform exactly one action.
type Once struct {
	_    noCopy
	done onceFlag
	m    Mutex
}

// onceFlag has the layout of atomic.Bool.
type onceFlag struct {
	_ noCopy
	v uint32
}

// Do calls the function f if and only if Do is being called for the first
// time for this instance of Once. Concurrent callers wait until f returns.
// If f panics, Do considers it to have returned.
func (o *Once) Do(f func()) {
	if o.done.v != 0 {
		return
	}
	o.m.Lock()
	defer o.m.Unlock()
	if o.done.v == 0 {
		defer o.markDone()
		f()
	}
}

func (o *Once) markDone() { o.done.v = 1 }

// OnceFunc returns a function that invokes f only once. If f panics, the
// returned function panics with the same value on every call.
func OnceFunc(f func()) func() {
	var (
		once     Once
		finished bool
		pval     any
	)
	call := func() {
		defer func() {
			if !finished {
				pval = recover()
				panic(pval)
			}
		}()
		f()
		f = nil
		finished = true
	}
	return func() {
		once.Do(call)
		if !finished {
			panic(pval)
		}
	}
}

// OnceValue returns a function that invokes f only once and returns the
// value returned by f. If f panics, the returned function panics with the
// same value on every call.
func OnceValue[T any](f func() T) func() T {
	var (
		once     Once
		finished bool
		pval     any
		result   T
	)
	call := func() {
		defer func() {
			if !finished {
				pval = recover()
				panic(pval)
			}
		}()
		result = f()
		f = nil
		finished = true
	}
	return func() T {
		once.Do(call)
		if !finished {
			panic(pval)
		}
		return result
	}
}

// OnceValues returns a function that invokes f only once and returns the
// values returned by f. If f panics, the returned function panics with the
// same value on every call.
func OnceValues[T1, T2 any](f func() (T1, T2)) func() (T1, T2) {
	var (
		once     Once
		finished bool
		pval     any
		r1       T1
		r2       T2
	)
	call := func() {
		defer func() {
			if !finished {
				pval = recover()
				panic(pval)
			}
		}()
		r1, r2 = f()
		f = nil
		finished = true
	}
	return func() (T1, T2) {
		once.Do(call)
		if !finished {
			panic(pval)
		}
		return r1, r2
	}
}

// Map is a map safe for concurrent use by multiple goroutines. The zero
// Map is empty and ready for use.
//
// All of a program's goroutines share one thread and a Map operation never
// waits, so Map is a plain map underneath.
type Map struct {
	noCopy noCopy
	m      map[any]any
}

// Load returns the value stored in the map for a key, or nil if no value is
// present. The ok result indicates whether value was found in the map.
func (m *Map) Load(key any) (value any, ok bool) {
	value, ok = m.m[key]
	return
}

// Store sets the value for a key.
func (m *Map) Store(key, value any) {
	if m.m == nil {
		m.m = map[any]any{}
	}
	m.m[key] = value
}

// Clear deletes all the entries.
func (m *Map) Clear() {
	clear(m.m)
}

// LoadOrStore returns the existing value for the key if present. Otherwise,
// it stores and returns the given value. The loaded result is true if the
// value was loaded, false if stored.
func (m *Map) LoadOrStore(key, value any) (actual any, loaded bool) {
	if v, ok := m.m[key]; ok {
		return v, true
	}
	m.Store(key, value)
	return value, false
}

// LoadAndDelete deletes the value for a key, returning the previous value
// if any. The loaded result reports whether the key was present.
func (m *Map) LoadAndDelete(key any) (value any, loaded bool) {
	value, loaded = m.m[key]
	if loaded {
		delete(m.m, key)
	}
	return
}

// Delete deletes the value for a key.
func (m *Map) Delete(key any) {
	delete(m.m, key)
}

// Swap swaps the value for a key and returns the previous value if any.
// The loaded result reports whether the key was present.
func (m *Map) Swap(key, value any) (previous any, loaded bool) {
	previous, loaded = m.m[key]
	m.Store(key, value)
	return
}

// CompareAndSwap swaps the old and new values for key if the value stored
// in the map is equal to old. The old value must be of a comparable type.
func (m *Map) CompareAndSwap(key, old, new any) (swapped bool) {
	v, ok := m.m[key]
	if !ok || v != old {
		return false
	}
	m.m[key] = new
	return true
}

// CompareAndDelete deletes the entry for key if its value is equal to old.
// The old value must be of a comparable type.
func (m *Map) CompareAndDelete(key, old any) (deleted bool) {
	v, ok := m.m[key]
	if !ok || v != old {
		return false
	}
	delete(m.m, key)
	return true
}

// Range calls f sequentially for each key and value present in the map.
// If f returns false, Range stops the iteration.
func (m *Map) Range(f func(key, value any) bool) {
	for k, v := range m.m {
		if !f(k, v) {
			return
		}
	}
}

// A Pool is a set of temporary objects that may be individually saved and
// retrieved. spindle's Pool keeps every object Put into it.
type Pool struct {
	noCopy noCopy
	items  []any

	// New optionally specifies a function to generate a value when Get
	// would otherwise return nil.
	New func() any
}

// Put adds x to the pool.
func (p *Pool) Put(x any) {
	if x == nil {
		return
	}
	p.items = append(p.items, x)
}

// Get selects the most recently Put item from the Pool, removes it, and
// returns it. If the pool is empty, Get returns the result of calling
// p.New, or nil if New is nil.
func (p *Pool) Get() any {
	if n := len(p.items); n > 0 {
		x := p.items[n-1]
		p.items[n-1] = nil
		p.items = p.items[:n-1]
		return x
	}
	if p.New != nil {
		return p.New()
	}
	return nil
}
