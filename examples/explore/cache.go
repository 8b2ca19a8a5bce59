package bugs

import "sync"

// Cache computes each key's value once: so it means to, but Get checks
// and then acts in two critical sections, so two callers can both miss
// and both compute.
type Cache struct {
	mu       sync.Mutex
	m        map[string]int
	Computed int // how many times compute ran
}

// Get returns key's value, computing it on a miss.
func (c *Cache) Get(key string, compute func() int) int {
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[key] = v
	c.Computed++
	c.mu.Unlock()
	return v
}
