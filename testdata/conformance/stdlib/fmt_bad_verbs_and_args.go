package main

import "fmt"

func main() {
	fmt.Printf("%d\n", "x")
	fmt.Printf("%s\n", 42)
	fmt.Printf("%d %d\n", 1)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("%z\n", 3)
	fmt.Printf("%!\n")
	fmt.Printf("no verbs\n", "extra", 7)
	fmt.Printf("%[3]d\n", 1, 2)
	fmt.Printf("%[0]d\n", 1)
	fmt.Printf("%.*d\n", "x", 5)
	fmt.Printf("%x\n", true)
	fmt.Printf("%d\n", nil)
	fmt.Printf("%s\n", []int{1})
	fmt.Printf("%d\n", 2.5)
	fmt.Printf("%f\n", 7)
	fmt.Printf("%c\n", "str")
	fmt.Printf("%")
	fmt.Println()
	fmt.Printf("%d %s\n", struct{ A int }{1}, struct{ B int }{2})
	s := fmt.Sprintf("%v %v", "only one")
	fmt.Println(s)
}

// Output:
// %!d(string=x)
// %!s(int=42)
// 1 %!d(MISSING)
// 1
// %!(EXTRA int=2)%!z(int=3)
// %!!(MISSING)
// no verbs
// %!(EXTRA string=extra, int=7)%!d(BADINDEX)
// %!d(BADINDEX)
// %!(BADPREC)5
// %!x(bool=true)
// %!d(<nil>)
// [%!s(int=1)]
// %!d(float64=2.5)
// %!f(int=7)
// %!c(string=str)
// %!(NOVERB)
// {1} {%!s(int=2)}
// only one %!v(MISSING)
