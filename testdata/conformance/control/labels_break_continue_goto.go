package main

import "fmt"

func findPair(grid [][]int, target int) (int, int, bool) {
outer:
	for i, row := range grid {
		for j, v := range row {
			if v == target {
				return i, j, true
			}
			if v > target {
				continue outer
			}
		}
	}
	return -1, -1, false
}

func gotoLoop() []int {
	var out []int
	i := 0
loop:
	if i < 5 {
		out = append(out, i)
		i++
		goto loop
	}
	return out
}

func main() {
	grid := [][]int{{1, 9, 3}, {4, 5, 6}, {7, 8, 2}}
	fmt.Println(findPair(grid, 5))
	fmt.Println(findPair(grid, 3))
	fmt.Println(findPair(grid, 10))

	// Labeled break out of nested loops.
	count := 0
search:
	for i := 0; i < 10; i++ {
		for j := 0; j < 10; j++ {
			count++
			if i*j == 12 {
				fmt.Println("found", i, j)
				break search
			}
		}
	}
	fmt.Println("iterations:", count)

	// Labeled continue.
	var pairs []string
rows:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if j > i {
				continue rows
			}
			if (i+j)%2 == 1 {
				continue
			}
			pairs = append(pairs, fmt.Sprint(i, j))
		}
	}
	fmt.Println(pairs)

	// break inside switch inside for breaks the switch only; labeled breaks the loop.
	n := 0
loop:
	for {
		switch {
		case n < 3:
			n++
			break
		default:
			break loop
		}
	}
	fmt.Println("n =", n)

	// break inside select in loop.
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	got := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break recv
			}
			got += v
		}
	}
	fmt.Println("got", got)

	fmt.Println(gotoLoop())

	// goto forward skipping code.
	x := 1
	if x > 0 {
		goto skip
	}
	fmt.Println("not printed")
skip:
	fmt.Println("after skip")
}

// Output:
// 1 1 true
// -1 -1 false
// -1 -1 false
// found 2 6
// iterations: 27
// [0 0 1 1 2 0 2 2 3 1 3 3]
// n = 3
// got 3
// [0 1 2 3 4]
// after skip
