// Package synctest has tests that run in testing/synctest bubbles.
package synctest
