module example.com/initorder

go 1.26
