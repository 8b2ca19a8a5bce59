package spindle

// FromCache reports whether p was read back from the compile cache.
func FromCache(p *Program) bool { return p.cached }
