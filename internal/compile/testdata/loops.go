package main

// A counted loop: the comparison fuses into the branch, the counter and
// the sum are coalesced into their phis (no moves), and the back edge is a
// loop instruction that charges a reduction.
func sum(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i ^ (i >> 3)
	}
	return s
}

// Recursion: immediate forms for small constants, ret1 returns.
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// Narrow integers are re-extended after arithmetic.
func wrap(x int8, y uint16) (int8, uint16) {
	return x * 3, y + 1
}

func main() {
	println(sum(10), fib(10))
	println(wrap(100, 65535))
}
