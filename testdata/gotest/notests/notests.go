// Package notests has no tests.
package notests

// X is here.
const X = 1
