package main

import "fmt"

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	default:
		return "F"
	}
}

func fall(n int) []string {
	var out []string
	switch n {
	case 0:
		out = append(out, "zero")
		fallthrough
	case 1:
		out = append(out, "one")
		fallthrough
	case 2:
		out = append(out, "two")
	case 3:
		out = append(out, "three")
		fallthrough
	default:
		out = append(out, "default")
	}
	return out
}

func kind(c rune) string {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ', '\t':
		return "space"
	}
	if c >= '0' && c <= '9' {
		return "digit"
	}
	return "consonant"
}

func trace(tag string, v int) int {
	fmt.Print(tag, " ")
	return v
}

func main() {
	for _, s := range []int{95, 85, 75, 10} {
		fmt.Print(grade(s))
	}
	fmt.Println()
	for i := 0; i <= 4; i++ {
		fmt.Println(i, fall(i))
	}
	for _, c := range "ai 7x" {
		fmt.Print(kind(c), ";")
	}
	fmt.Println()

	// Switch with init statement.
	switch x := 5 * 2; {
	case x > 5:
		fmt.Println("x big", x)
	default:
		fmt.Println("x small")
	}
	switch y := "go"; y {
	case "go":
		fmt.Println("gopher")
	}

	// Case expressions evaluate lazily, left-to-right, top-to-bottom.
	switch trace("tag", 3) {
	case trace("c1", 1), trace("c2", 2):
		fmt.Println("no")
	case trace("c3", 3), trace("c4", 4):
		fmt.Println("matched")
	case trace("c5", 5):
		fmt.Println("no")
	}

	// Default not last.
	switch 42 {
	default:
		fmt.Println("default first")
	case 1:
		fmt.Println("one")
	}

	// Switch on types of values via interface comparisons.
	var v any = 2.0
	switch v {
	case 2:
		fmt.Println("int 2")
	case 2.0:
		fmt.Println("float 2")
	}

	// Empty switch body.
	switch {
	}
	fmt.Println("done")
}

// Output:
// ABCF
// 0 [zero one two]
// 1 [one two]
// 2 [two]
// 3 [three default]
// 4 [default]
// vowel;vowel;space;digit;consonant;
// x big 10
// gopher
// tag c1 c2 c3 matched
// default first
// float 2
// done
