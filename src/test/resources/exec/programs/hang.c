/* Loops forever for a positive first argument: the runner must time this line out and carry on. */
volatile double acc = x[1];
if (x[0] > 0) for (;;) acc += 1.0;
return acc;
