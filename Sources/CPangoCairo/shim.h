// Cairo draws (PDF pages and PNG pictures), Pango lays text out on it (fonts through fontconfig).
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
