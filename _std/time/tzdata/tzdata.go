// Package tzdata is spindle's time/tzdata: importing it changes nothing,
// since spindle's time package already falls back to a copy of the time
// zone database embedded in spindle when the system has none.
package tzdata
