package vm

// Slice growth follows gc's growslice so that cap() after append matches a
// native run: the next capacity (double below 256 elements, then about
// 1.25x) rounded up to the allocator's size class for the guest element
// size.

var sizeClasses = [...]int{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
	288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
	2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
	10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

const pageSize = 8192

// mallocHeader and minSizeForMallocHeader are gc's: an object with
// pointers larger than 512 bytes carries an 8-byte header in its size
// class, which growslice leaves out of the capacity.
const (
	mallocHeader           = 8
	minSizeForMallocHeader = 512
)

// roundupsize is gc's roundupsize: the size of the allocation gc makes for
// n bytes, less the malloc header an object with pointers (not noscan)
// carries past 512 bytes.
func roundupsize(n int, noscan bool) int {
	if n <= 32768-mallocHeader && !noscan && n > minSizeForMallocHeader {
		return roundupsize(n+mallocHeader, true) - mallocHeader
	}
	if n <= 32768 {
		lo, hi := 0, len(sizeClasses)-1
		for lo < hi {
			mid := (lo + hi) / 2
			if sizeClasses[mid] < n {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return sizeClasses[lo]
	}
	return (n + pageSize - 1) &^ (pageSize - 1)
}

func nextslicecap(newLen, oldCap int) int {
	newcap := oldCap
	doublecap := newcap + newcap
	if newLen > doublecap {
		return newLen
	}
	const threshold = 256
	if oldCap < threshold {
		return doublecap
	}
	for {
		newcap += (newcap + 3*threshold) >> 2
		if uint(newcap) >= uint(newLen) {
			break
		}
	}
	if newcap <= 0 {
		return newLen
	}
	return newcap
}

// growCap returns the capacity gc would give a slice of elem grown from
// oldCap to hold newLen elements.
func growCap(oldCap, newLen int, elem *Type) int {
	size := int(elem.Size)
	if size <= 0 {
		return newLen
	}
	c := nextslicecap(newLen, oldCap)
	limit := maxElems(elem)
	if newLen > limit {
		panic(runtimeError("growslice: len out of range"))
	}
	c = min(c, limit)
	return roundupsize(c*size, !elem.hasPointers()) / size
}
