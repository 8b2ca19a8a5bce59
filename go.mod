module spindle

go 1.26.8

require golang.org/x/tools v0.52.0

require go.uber.org/goleak v1.3.0

require golang.org/x/sys v0.50.0
