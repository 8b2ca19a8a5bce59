package util

func Platform() string { return "test" }
