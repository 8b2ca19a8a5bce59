package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	_, err := strconv.Atoi("12x")
	fmt.Println(err)
	_, err = strconv.Atoi("")
	fmt.Println(err)
	_, err = strconv.Atoi("99999999999999999999")
	fmt.Println(err)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err)
	_, err = strconv.ParseInt("-129", 10, 8)
	fmt.Println(err)
	_, err = strconv.ParseUint("-1", 10, 64)
	fmt.Println(err)
	_, err = strconv.ParseInt("12", 1, 64)
	fmt.Println(err)
	_, err = strconv.ParseFloat("1.2.3", 64)
	fmt.Println(err)
	v, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(v, err)
	_, err = strconv.ParseBool("yes")
	fmt.Println(err)

	var ne *strconv.NumError
	_, err = strconv.ParseInt("1000", 10, 8)
	if errors.As(err, &ne) {
		fmt.Printf("Func=%s Num=%q Err=%v range=%t syntax=%t\n", ne.Func, ne.Num, ne.Err,
			errors.Is(err, strconv.ErrRange), errors.Is(err, strconv.ErrSyntax))
	}
	fmt.Printf("%T\n", err)

	// Out-of-range results are clamped.
	n, err := strconv.ParseInt("999", 10, 8)
	fmt.Println(n, err != nil)
	u, err := strconv.ParseUint("999", 10, 8)
	fmt.Println(u, err != nil)
	n, err = strconv.ParseInt("-999", 10, 8)
	fmt.Println(n, err != nil)

	_, err = strconv.Unquote("'ab'")
	fmt.Println(err, err == strconv.ErrSyntax)
	fmt.Println(strconv.ErrRange, "|", strconv.ErrSyntax)
}

// Output:
// strconv.Atoi: parsing "12x": invalid syntax
// strconv.Atoi: parsing "": invalid syntax
// strconv.Atoi: parsing "99999999999999999999": value out of range
// strconv.ParseInt: parsing "300": value out of range
// strconv.ParseInt: parsing "-129": value out of range
// strconv.ParseUint: parsing "-1": invalid syntax
// strconv.ParseInt: parsing "12": invalid base 1
// strconv.ParseFloat: parsing "1.2.3": invalid syntax
// +Inf strconv.ParseFloat: parsing "1e400": value out of range
// strconv.ParseBool: parsing "yes": invalid syntax
// Func=ParseInt Num="1000" Err=value out of range range=true syntax=false
// *strconv.NumError
// 127 true
// 255 true
// -128 true
// invalid syntax true
// value out of range | invalid syntax
