// spindle-only: package fiber is spindle's
// Rule: a zero fiber.Fiber or fiber.Hub (never made by Spawn or NewHub) panics
// as the nil pointer dereference it is, a recoverable guest run-time error,
// never a spindle bug.
package main

import (
	"fiber"
	"fmt"
)

func main() {
	var f fiber.Fiber[int]
	for _, op := range []func(){func() { f.Join() }, func() { f.Cancel() }, func() { f.Detach() }} {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			op()
		}()
	}
	var h fiber.Hub[int]
	func() {
		defer func() { fmt.Println("hub:", recover()) }()
		h.Receive()
	}()
}

// Output:
// recovered: runtime error: invalid memory address or nil pointer dereference
// recovered: runtime error: invalid memory address or nil pointer dereference
// recovered: runtime error: invalid memory address or nil pointer dereference
// hub: runtime error: invalid memory address or nil pointer dereference
