// Package secret is internal to example.com/lib.
package secret

// Value is not for other modules.
const Value = 42
