return x[0] * x[1];
