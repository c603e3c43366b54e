return fmod(x[0], x[1]);
