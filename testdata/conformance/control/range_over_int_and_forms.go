package main

import "fmt"

type Count uint8

func main() {
	for i := range 3 {
		fmt.Print(i, ";")
	}
	fmt.Println()
	for range 2 {
		fmt.Print("x")
	}
	fmt.Println()
	n := 0
	for i := range n {
		fmt.Println("never", i)
	}
	for i := range -5 {
		fmt.Println("never", i)
	}
	var c Count = 4
	for i := range c {
		fmt.Printf("%T:%d;", i, i)
	}
	fmt.Println()

	// Modifying the range bound inside the loop does not change iteration count.
	limit := 3
	iters := 0
	for range limit {
		limit = 100
		iters++
	}
	fmt.Println("iters:", iters)

	// Classic three-clause and while-style loops.
	sum := 0
	for i := 10; i > 0; i -= 3 {
		sum += i
	}
	fmt.Println(sum)
	k := 1
	for k < 100 {
		k *= 3
	}
	fmt.Println(k)
	steps := 0
	for {
		steps++
		if steps == 4 {
			break
		}
	}
	fmt.Println(steps)

	// Range over slice evaluates the slice once.
	s := []int{1, 2, 3}
	for i, v := range s {
		if i == 0 {
			s = append(s, 99)
		}
		fmt.Print(v, ";")
	}
	fmt.Println(len(s))

	// Range over map with modification of values via key.
	m := map[string]int{"a": 1, "b": 2}
	for k := range m {
		m[k] *= 10
	}
	fmt.Println(m)

	// Range over array pointer and string.
	arr := [3]string{"p", "q", "r"}
	for i := range &arr {
		arr[i] += "!"
	}
	fmt.Println(arr)

	// Multiple loop variables.
	for i, j := 0, 10; i < j; i, j = i+1, j-2 {
		fmt.Print(i, "-", j, ";")
	}
	fmt.Println()

	// Range over a channel.
	ch := make(chan string, 3)
	ch <- "one"
	ch <- "two"
	close(ch)
	for v := range ch {
		fmt.Print(v, ";")
	}
	fmt.Println()
}

// Output:
// 0;1;2;
// xx
// main.Count:0;main.Count:1;main.Count:2;main.Count:3;
// iters: 3
// 22
// 243
// 4
// 1;2;3;4
// map[a:10 b:20]
// [p! q! r!]
// 0-10;1-8;2-6;3-4;
// one;two;
