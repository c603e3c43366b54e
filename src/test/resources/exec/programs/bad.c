/* Does not compile: the executor must record COMPILE_ERROR for this program only. */
return x[0] +* ;
