// Package bugs holds six classic concurrency bugs, each with a test that
// passes under almost every schedule (and under go test -race for most of
// them), and fails under the rare one `spindle test -explore` finds.
package bugs

import "sync"

// Account is a bank account whose Deposit forgets the lock: a lost
// update when two deposits interleave between the read and the write.
type Account struct {
	mu      sync.Mutex
	balance int
}

// Deposit adds amount (without taking mu: the bug).
func (a *Account) Deposit(amount int) {
	b := a.read()
	a.write(b + amount)
}

func (a *Account) read() int   { return a.balance }
func (a *Account) write(v int) { a.balance = v }

// Balance returns the balance.
func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}
