// Package greet is internal to the module.
package greet

import (
	"strings"

	"example.com/multi/util"
)

var _ = util.Trace("greet var")

func init() { util.Trace("greet init") }

// Hello greets names.
func Hello(names ...string) string {
	if len(names) == 0 {
		names = []string{"world"}
	}
	return "hello, " + strings.Join(names, " and ")
}
