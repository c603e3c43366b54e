double comp = x[0] + x[1];
return comp;
