//go:build linux

package main

const platform = "linux"
