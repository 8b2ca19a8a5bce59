package typecodec

import (
	"go/types"
	"testing"
)

// An empty tuple root (a descriptor of no results) round-trips.
func TestEmptyTupleRoot(t *testing.T) {
	b, err := Encode([]types.Type{types.NewTuple()})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if tu, ok := ts[0].(*types.Tuple); !ok || tu.Len() != 0 {
		t.Fatalf("decoded %v", ts[0])
	}
}
