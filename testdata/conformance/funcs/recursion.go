package main

import "fmt"

func fact(n uint64) uint64 {
	if n <= 1 {
		return 1
	}
	return n * fact(n-1)
}

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	}
	return ackermann(m-1, ackermann(m, n-1))
}

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, from+"->"+to)
	hanoi(n-1, via, to, from, moves)
}

func isEven(n int) bool {
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool {
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func permutations(s []rune, k int, out *[]string) {
	if k == len(s) {
		*out = append(*out, string(s))
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permutations(s, k+1, out)
		s[k], s[i] = s[i], s[k]
	}
}

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return 1 + depth(n-1)
}

func gcd(a, b int) int {
	if b == 0 {
		return a
	}
	return gcd(b, a%b)
}

func main() {
	fmt.Println(fact(10), fact(20))
	fmt.Println(ackermann(2, 3), ackermann(3, 3))
	var moves []string
	hanoi(3, "A", "C", "B", &moves)
	fmt.Println(len(moves), moves)
	fmt.Println(isEven(10), isOdd(7), isEven(7))
	var perms []string
	permutations([]rune("abc"), 0, &perms)
	fmt.Println(perms)
	fmt.Println("deep recursion:", depth(100000))
	fmt.Println(gcd(1071, 462), gcd(17, 5))

	memo := map[int]int{}
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		if v, ok := memo[n]; ok {
			return v
		}
		v := fib(n-1) + fib(n-2)
		memo[n] = v
		return v
	}
	fmt.Println(fib(90))
}

// Output:
// 3628800 2432902008176640000
// 9 61
// 7 [A->C A->B C->B A->C B->A B->C A->C]
// true true false
// [abc acb bac bca cba cab]
// deep recursion: 100000
// 21 1
// 2880067194370816120
