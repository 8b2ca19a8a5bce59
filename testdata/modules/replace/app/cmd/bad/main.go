// Command bad imports another module's internal package.
package main

import (
	"fmt"

	"example.com/lib/internal/secret"
)

func main() { fmt.Println(secret.Value) }
