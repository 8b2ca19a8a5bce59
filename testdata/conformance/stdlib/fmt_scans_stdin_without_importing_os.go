// stdin: "3 4\nhello world\n42"
// Rule: a program that imports fmt but not os still scans standard input
// with Scan, Scanln and Scanf (spindle's fmt does not import os; without
// it, fmt reads descriptor 0 itself), and reports EOF at its end.
package main

import "fmt"

func main() {
	var a, b int
	n, err := fmt.Scan(&a, &b)
	fmt.Println(n, err, a+b)
	var s, t string
	n, err = fmt.Scanln(&s, &t)
	fmt.Println(n, err, s, t)
	var c int
	n, err = fmt.Scanf("%d", &c)
	fmt.Println(n, err, c)
	n, err = fmt.Scan(&c)
	fmt.Println(n, err)
}

// Output:
// 2 <nil> 7
// 2 <nil> hello world
// 1 <nil> 42
// 0 EOF
