// exit: 2
// stderr: panic: config invalid: missing field "name"
// stderr: goroutine 1 [running]:

package main

import "fmt"

type ConfigError struct{ Field string }

func (e *ConfigError) Error() string {
	return fmt.Sprintf("config invalid: missing field %q", e.Field)
}

func validate() error {
	return &ConfigError{Field: "name"}
}

func main() {
	fmt.Println("validating")
	if err := validate(); err != nil {
		panic(err)
	}
	fmt.Println("unreachable")
}

// Output:
// validating
