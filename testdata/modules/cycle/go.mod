module example.com/cycle

go 1.22
