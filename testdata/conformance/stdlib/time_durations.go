package main

import (
	"fmt"
	"time"
)

func main() {
	ds := []time.Duration{
		0,
		1,
		1500 * time.Nanosecond,
		1500 * time.Microsecond,
		1500 * time.Millisecond,
		90 * time.Second,
		time.Hour + 2*time.Minute + 3*time.Second,
		-2 * time.Second,
		36 * time.Hour,
		time.Duration(1<<63 - 1),
	}
	for _, d := range ds {
		fmt.Println(d.String(), int64(d))
	}

	d := 2*time.Hour + 30*time.Minute
	fmt.Println(d.Hours(), d.Minutes(), d.Seconds(), d.Milliseconds())
	fmt.Println(d.Truncate(time.Hour), d.Round(time.Hour))
	fmt.Println((1234567 * time.Microsecond).Round(time.Millisecond))
	fmt.Println((-90 * time.Second).Abs())
	fmt.Printf("%v %d %s %T\n", time.Second, time.Second, time.Minute, time.Second)

	for _, s := range []string{"1h15m", "300ms", "-1.5h", "2us", "1µs", "bad"} {
		p, err := time.ParseDuration(s)
		fmt.Println(p, err)
	}

	// Small sleep: only the fact that time passed is printed.
	start := time.Now()
	time.Sleep(2 * time.Millisecond)
	fmt.Println("elapsed >= 2ms:", time.Since(start) >= 2*time.Millisecond)

	fmt.Println(time.Duration(3) * time.Second / 2)
	fmt.Println(time.Month(3), time.Saturday)
}

// Output:
// 0s 0
// 1ns 1
// 1.5µs 1500
// 1.5ms 1500000
// 1.5s 1500000000
// 1m30s 90000000000
// 1h2m3s 3723000000000
// -2s -2000000000
// 36h0m0s 129600000000000
// 2562047h47m16.854775807s 9223372036854775807
// 2.5 150 9000 9000000
// 2h0m0s 3h0m0s
// 1.235s
// 1m30s
// 1s 1000000000 1m0s time.Duration
// 1h15m0s <nil>
// 300ms <nil>
// -1h30m0s <nil>
// 2µs <nil>
// 1µs <nil>
// 0s time: invalid duration "bad"
// elapsed >= 2ms: true
// 1.5s
// March Saturday
