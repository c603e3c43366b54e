return sqrt(x[0]) + sqrt(x[1]);
