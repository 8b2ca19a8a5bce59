// Package testmain has a TestMain.
package testmain
