package main

import (
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.Itoa(-42), strconv.Itoa(0))
	fmt.Println(strconv.FormatInt(255, 2), strconv.FormatInt(255, 16), strconv.FormatInt(-255, 36))
	fmt.Println(strconv.FormatUint(18446744073709551615, 10), strconv.FormatUint(8, 8))

	for _, f := range []float64{3.14159, 1e21, 1e-7, 100, 0.000123, -2.5} {
		fmt.Println(strconv.FormatFloat(f, 'f', -1, 64),
			strconv.FormatFloat(f, 'e', 3, 64),
			strconv.FormatFloat(f, 'g', -1, 64),
			strconv.FormatFloat(f, 'f', 2, 64))
	}
	fmt.Println(strconv.FormatFloat(0.1, 'f', -1, 32), strconv.FormatFloat(0.1, 'f', 20, 64))
	fmt.Println(strconv.FormatFloat(1.5, 'E', -1, 64), strconv.FormatFloat(123456789, 'G', 4, 64))

	n, err := strconv.Atoi("12345")
	fmt.Println(n, err)
	n, err = strconv.Atoi("-007")
	fmt.Println(n, err)
	i64, err := strconv.ParseInt("-ff", 16, 64)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("0x1F", 0, 64)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("0b1011", 0, 8)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("0o17", 0, 64)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("1_000_000", 0, 64)
	fmt.Println(i64, err)
	u64, err := strconv.ParseUint("18446744073709551615", 10, 64)
	fmt.Println(u64, err)
	i64, err = strconv.ParseInt("127", 10, 8)
	fmt.Println(i64, err)

	f, err := strconv.ParseFloat("3.25", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("1e3", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("-inf", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("0x1p-2", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("0.1", 32)
	fmt.Println(f, err)

	b, err := strconv.ParseBool("true")
	fmt.Println(b, err)
	b, err = strconv.ParseBool("F")
	fmt.Println(b, err)
	fmt.Println(strconv.FormatBool(true))

	buf := []byte("n=")
	buf = strconv.AppendInt(buf, -99, 10)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, 2.5, 'f', 1, 64)
	buf = append(buf, ' ')
	buf = strconv.AppendBool(buf, false)
	fmt.Println(string(buf))
}

// Output:
// -42 0
// 11111111 ff -73
// 18446744073709551615 10
// 3.14159 3.142e+00 3.14159 3.14
// 1000000000000000000000 1.000e+21 1e+21 1000000000000000000000.00
// 0.0000001 1.000e-07 1e-07 0.00
// 100 1.000e+02 100 100.00
// 0.000123 1.230e-04 0.000123 0.00
// -2.5 -2.500e+00 -2.5 -2.50
// 0.1 0.10000000000000000555
// 1.5E+00 1.235E+08
// 12345 <nil>
// -7 <nil>
// -255 <nil>
// 31 <nil>
// 11 <nil>
// 15 <nil>
// 1000000 <nil>
// 18446744073709551615 <nil>
// 127 <nil>
// 3.25 <nil>
// 1000 <nil>
// -Inf <nil>
// 0.25 <nil>
// 0.10000000149011612 <nil>
// true <nil>
// false <nil>
// true
// n=-99 2.5 false
