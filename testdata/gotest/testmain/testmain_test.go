package testmain

import (
	"fmt"
	"os"
	"testing"
)

var setUp bool

func TestMain(m *testing.M) {
	setUp = true
	fmt.Println("TestMain: before")
	code := m.Run()
	fmt.Println("TestMain: after, code", code)
	os.Exit(code)
}

func TestSetUp(t *testing.T) {
	if !setUp {
		t.Fatal("TestMain did not run first")
	}
}
