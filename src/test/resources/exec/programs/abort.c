if (x[0] == 0) abort();
return x[0];
