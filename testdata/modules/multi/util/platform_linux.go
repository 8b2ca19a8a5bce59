package util

// Platform names the platform the file was selected for.
func Platform() string { return "linux" }
