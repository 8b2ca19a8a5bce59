// args: alpha beta --flag=1 -- last

package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	args := os.Args[1:]
	fmt.Println("count:", len(args))
	for i, a := range args {
		fmt.Printf("%d=%q\n", i, a)
	}
	fmt.Println(strings.Join(args, ","))
	fmt.Println("has program name:", len(os.Args[0]) > 0)

	const unset = "SPINDLE_CONFORMANCE_SURELY_UNSET_VAR"
	fmt.Printf("Getenv(unset) = %q\n", os.Getenv(unset))
	v, ok := os.LookupEnv(unset)
	fmt.Printf("LookupEnv(unset) = %q %v\n", v, ok)

	os.Setenv(unset, "now set")
	v, ok = os.LookupEnv(unset)
	fmt.Printf("after Setenv = %q %v\n", v, ok)
	fmt.Println(os.ExpandEnv("value: ${" + unset + "}!"))
	os.Unsetenv(unset)
	fmt.Printf("after Unsetenv = %q\n", os.Getenv(unset))
	fmt.Println(os.Expand("$a-${b}", func(k string) string { return strings.ToUpper(k) }))
}

// Output:
// count: 5
// 0="alpha"
// 1="beta"
// 2="--flag=1"
// 3="--"
// 4="last"
// alpha,beta,--flag=1,--,last
// has program name: true
// Getenv(unset) = ""
// LookupEnv(unset) = "" false
// after Setenv = "now set" true
// value: now set!
// after Unsetenv = ""
// A-B
