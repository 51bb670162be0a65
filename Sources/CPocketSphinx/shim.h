#ifndef CPOCKETSPHINX_SHIM_H
#define CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>  /* not <err.h>: glibc has one too */
#include <stdio.h>
#include <unistd.h>

/* Decodes `samples` in a forked child and writes "word start_frame end_frame" lines, then "END",
   to `write_fd`. pocketsphinx 5prealpha can abort on an assertion (ngram_search_bp2itor) when a
   filler dictionary is loaded; in a child that costs one request, not the server. The parent's
   decoder is never touched, so every child starts from the same fresh state. Only C runs in the
   child. Returns the child's pid, or -1. */
static inline pid_t fz_decode_in_child(ps_decoder_t *ps, const int16 *samples, size_t count, int read_fd, int write_fd) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    close(read_fd);
    FILE *out = fdopen(write_fd, "w");
    if (!out || ps_start_utt(ps) != 0) _exit(2);
    ps_process_raw(ps, samples, count, 0, 1);
    ps_end_utt(ps);
    for (ps_seg_t *seg = ps_seg_iter(ps); seg; seg = ps_seg_next(seg)) {
        int start = 0, end = 0;
        ps_seg_frames(seg, &start, &end);
        fprintf(out, "%s %d %d\n", ps_seg_word(seg), start, end);
    }
    fputs("END\n", out);
    fclose(out);
    _exit(0);
}
#endif
