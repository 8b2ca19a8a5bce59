//go:build ignore

package util

func Platform() string { return "ignored" }
