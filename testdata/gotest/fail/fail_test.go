package fail

import (
	"fmt"
	"testing"
)

func TestDouble(t *testing.T) {
	for _, x := range []int{2, 3} {
		t.Run(fmt.Sprint(x), func(t *testing.T) {
			if got := Double(x); got != 2*x {
				t.Errorf("Double(%d) = %d, want %d", x, got, 2*x)
			}
		})
	}
}

func TestFatalStops(t *testing.T) {
	t.Fatal("stop here")
	t.Error("never reached")
}

func TestPasses(t *testing.T) {}

func ExampleDouble() {
	fmt.Println(Double(5))
	// Output: 10
}
