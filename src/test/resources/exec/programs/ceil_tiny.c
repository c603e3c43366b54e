return ceil(x[0]) + x[1];
