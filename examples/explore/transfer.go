package bugs

import "sync"

// Bank moves money between two accounts, each with its own lock, taking
// the locks in argument order: two opposite transfers can deadlock.
type Bank struct {
	mu  [2]sync.Mutex
	bal [2]int
}

// Transfer moves amount from account from to account to.
func (b *Bank) Transfer(from, to, amount int) {
	b.mu[from].Lock()
	defer b.mu[from].Unlock()
	b.mu[to].Lock() // the bug: lock order depends on the arguments
	defer b.mu[to].Unlock()
	b.bal[from] -= amount
	b.bal[to] += amount
}
