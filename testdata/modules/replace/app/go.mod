module example.com/app

go 1.26

require example.com/lib v1.2.3

replace example.com/lib v1.2.3 => ../lib
