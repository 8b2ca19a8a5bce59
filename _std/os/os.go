// Package os is spindle's guest os package.
package os

// Args hold the command-line arguments, starting with the program name.
var Args []string = runtimeArgs()

func runtimeArgs() []string

// Exit causes the current program to exit with the given status code.
func Exit(code int)

// Getenv retrieves the value of the environment variable named by the key.
func Getenv(key string) string
