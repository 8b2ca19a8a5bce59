// Rule: a negative slice bound panics with gc's short form, which leaves
// out the other bound ("[:-1]", "[-1:]", "[-1::]"), and a 3-index slice
// with low > high says "[lo:hi:]" ($GOROOT/test/fixedbugs/issue30116.go).
package main

import "fmt"

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

func main() {
	s := []int{1, 2, 3}
	neg, two, one := -1, 2, 1
	try(func() { _ = s[:neg] })
	try(func() { _ = s[neg:] })
	try(func() { _ = s[neg:two] })
	try(func() { _ = s[:one:neg] })
	try(func() { _ = s[:neg:two] })
	try(func() { _ = s[neg:one:two] })
	try(func() { _ = s[two:one:two] })
	try(func() { _ = s[two:one] })
	try(func() { _ = s[:4] })
	try(func() { _ = "abc"[neg:] })
}

// Output:
// runtime error: slice bounds out of range [:-1]
// runtime error: slice bounds out of range [-1:]
// runtime error: slice bounds out of range [-1:]
// runtime error: slice bounds out of range [::-1]
// runtime error: slice bounds out of range [:-1:]
// runtime error: slice bounds out of range [-1::]
// runtime error: slice bounds out of range [2:1:]
// runtime error: slice bounds out of range [2:1]
// runtime error: slice bounds out of range [:4] with capacity 3
// runtime error: slice bounds out of range [-1:]
