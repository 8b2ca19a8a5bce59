module example.com/thirdparty

go 1.26

require (
	github.com/google/btree v1.1.3
	github.com/mattn/go-runewidth v0.0.31
	github.com/tidwall/btree v1.8.2
)

require github.com/clipperhouse/uax29/v2 v2.2.0 // indirect
