// Package greet greets.
package greet

// Hello greets who.
func Hello(who string) string { return "hello, " + who + " (from module b)" }
