#include </usr/include/libstemmer.h>
