// Command initorder imports z, m and a in that order (three import
// declarations): packages initialise in the order the spec gives, the
// first by import path of those whose imports are done (a, z, m).
package main

import "fmt"

import "example.com/initorder/z"

import "example.com/initorder/m"

import "example.com/initorder/a"

func main() { fmt.Println(z.Z, m.M, a.A) }
