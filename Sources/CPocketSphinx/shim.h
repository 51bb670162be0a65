#ifndef CPOCKETSPHINX_SHIM_H
#define CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>  /* not <err.h>: glibc has one too */
#endif
