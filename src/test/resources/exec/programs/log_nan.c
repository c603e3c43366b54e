return log(x[0]) * x[1];
