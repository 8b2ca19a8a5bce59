package main

import "testing"

func TestGreet(t *testing.T) {
	if got := greet("go"); got != "hello, go" {
		t.Fatalf("greet = %q", got)
	}
}
