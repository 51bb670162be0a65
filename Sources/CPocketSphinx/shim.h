#ifndef CPOCKETSPHINX_SHIM_H
#define CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>  /* not <err.h>: glibc has one too */
#include <sphinxbase/fe.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <signal.h>
#include <math.h>

/* Decodes `samples` in a forked child and writes "word start_frame end_frame" lines, then "END",
   to `write_fd`. pocketsphinx 5prealpha can abort on an assertion (ngram_search_bp2itor) when a
   filler dictionary is loaded; in a child that costs one request, not the server. The parent's
   decoder is never touched, so every child starts from the same fresh state. Only C runs in the
   child: an abort ends it at once, without the Swift runtime's crash report (its handlers are not
   meant for a forked copy of a threaded process, and one that hung would hold the take). Returns
   the child's pid, or -1. */
static inline pid_t fz_decode_in_child(ps_decoder_t *ps, const int16 *samples, size_t count, int read_fd, int write_fd) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    signal(SIGABRT, SIG_DFL);
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    signal(SIGILL, SIG_DFL);
    signal(SIGFPE, SIG_DFL);
    close(read_fd);
    FILE *out = fdopen(write_fd, "w");
    if (!out || ps_start_stream(ps) != 0 || ps_start_utt(ps) != 0) _exit(2);
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

/* The decoder's front end over a whole recording: cepstra per 10 ms frame (free with
   fe_free_2d), or NULL. The noise estimate starts afresh (otherwise it carries over from the last
   recording), so the same samples always give the same cepstra. */
static inline mfcc_t **fz_front_end(ps_decoder_t *ps, const int16 *samples, size_t count, int32 *frames) {
    fe_t *fe = ps_get_fe(ps);
    mfcc_t **cep = NULL;
    *frames = 0;
    fe_start_stream(fe);
    fe_start_utt(fe);
    if (fe_process_utt(fe, samples, count, &cep, frames) < 0) return NULL;
    return cep;
}

/* Spelled letters (Speech/LetterSpelling.swift). The decoder must run with -cmn none (through a
   feat.params copy) and -compallsen yes. Registers one JSGF search per letter ("L_a" … "L_z") and
   one for any letter ("L_all"), once per decoder. Returns 0, or -1 when a grammar is refused. */
static inline int fz_letters_prepare(ps_decoder_t *ps) {
    if (ps_get_fsg(ps, "L_all") != NULL) return 0;
    char name[8], grammar[128];
    for (int k = 0; k < 26; k++) {
        snprintf(name, sizeof name, "L_%c", 'a' + k);
        snprintf(grammar, sizeof grammar, "#JSGF V1.0; grammar %s; public <s> = %c. ;", name, 'a' + k);
        if (ps_set_jsgf_string(ps, name, grammar) < 0) return -1;
    }
    char all[512];
    int length = snprintf(all, sizeof all, "#JSGF V1.0; grammar L_all; public <s> = (");
    for (int k = 0; k < 26; k++) length += snprintf(all + length, sizeof all - length, "%s %c.", k ? " |" : "", 'a' + k);
    snprintf(all + length, sizeof all - length, " ) ;");
    return ps_set_jsgf_string(ps, "L_all", all) < 0 ? -1 : 0;
}

/* Decodes frames [first, last] of `cep` with `search`; returns the acoustic score of the best
   path and sets *hyp_letter to its first letter (0 when no path ended). */
static inline double fz_letters_score(ps_decoder_t *ps, const char *search, mfcc_t **cep, int first, int last, char *hyp_letter) {
    ps_set_search(ps, search);
    ps_start_utt(ps);
    ps_process_cep(ps, cep + first, last - first + 1, 0, 1);
    ps_end_utt(ps);
    int32 score = 0;
    const char *hyp = ps_get_hyp(ps, &score);
    *hyp_letter = (hyp && hyp[0] >= 'a' && hyp[0] <= 'z' && hyp[1] == '.') ? hyp[0] : 0;
    long acoustic = 0;
    for (ps_seg_t *segment = ps_seg_iter(ps); segment; segment = ps_seg_next(segment)) {
        int32 a, l, b;
        ps_seg_prob(segment, &a, &l, &b);
        acoustic += a;
    }
    return (double)acoustic;
}

/* Per-letter costs of each segment of a spelled word. Features are computed once for the whole
   recording and mean-normalised over all of it (per-segment normalisation loses a quarter of the
   accuracy). For segment s (frames first[s]…last[s]), `need[s*26+k]` says whether letter k is
   scored; one any-letter pass gives the best score and its letter is scored too. costs[s*26+k] =
   (best − score(k)) / frames, or 999 when not scored or no path. Returns 0, or -1. */
static inline int fz_letters_costs(ps_decoder_t *ps, const int16 *samples, size_t count, const int *first, const int *last,
                                   int segments, const unsigned char *need, double *costs) {
    if (fz_letters_prepare(ps) != 0) return -1;
    int32 frames = 0;
    mfcc_t **cep = fz_front_end(ps, samples, count, &frames);
    if (!cep) return -1;
    int dimensions = fe_get_output_size(ps_get_fe(ps));
    for (int d = 0; d < dimensions; d++) {
        double mean = 0;
        for (int t = 0; t < frames; t++) mean += cep[t][d];
        mean /= frames > 0 ? frames : 1;
        for (int t = 0; t < frames; t++) cep[t][d] -= (mfcc_t)mean;
    }
    char name[8], letter;
    for (int s = 0; s < segments; s++) {
        int lo = first[s] < 0 ? 0 : first[s], hi = last[s] >= frames ? frames - 1 : last[s];
        double score[26], best = -1e30;
        for (int k = 0; k < 26; k++) { score[k] = -1e30; costs[s * 26 + k] = 999; }
        if (hi <= lo) continue;
        unsigned char wanted[26];
        memcpy(wanted, need + s * 26, 26);
        double any = fz_letters_score(ps, "L_all", cep, lo, hi, &letter);
        if (letter) { wanted[letter - 'a'] = 1; if (any > best) best = any; }
        for (int k = 0; k < 26; k++) {
            if (!wanted[k]) continue;
            snprintf(name, sizeof name, "L_%c", 'a' + k);
            double value = fz_letters_score(ps, name, cep, lo, hi, &letter);
            score[k] = letter == 'a' + k ? value : -1e30;
            if (score[k] > best) best = score[k];
        }
        for (int k = 0; k < 26; k++) {
            if (score[k] < -1e29) continue;
            double cost = (best - score[k]) / (hi - lo + 1);
            costs[s * 26 + k] = cost > 999 ? 999 : cost;
        }
    }
    fe_free_2d(cep);
    return 0;
}

/* The front end's 13 raw cepstra per 10 ms frame (no mean removed) of `samples`, written frame by
   frame to `out` (room for `capacity` frames). Returns the number of frames written, or -1. */
static inline int fz_cepstra(ps_decoder_t *ps, const int16 *samples, size_t count, float *out, int capacity) {
    int32 frames = 0;
    mfcc_t **cep = fz_front_end(ps, samples, count, &frames);
    if (!cep) return -1;
    if (fe_get_output_size(ps_get_fe(ps)) != 13) { fe_free_2d(cep); return -1; }
    int written = frames < capacity ? frames : capacity;
    for (int t = 0; t < written; t++)
        for (int d = 0; d < 13; d++) out[t * 13 + d] = (float)cep[t][d];
    fe_free_2d(cep);
    return written;
}

/* Dynamic time warping of one query (`n` frames of `d` values) against `count` templates laid end
   to end in `bank` (template k: `length[k]` frames from frame `offset[k]`). Steps (1,0), (0,1) and
   (1,1) with the diagonal weighted 2, Euclidean local distance, total divided by n + m; only cells
   within band * max(n, m) + 1 of the length-scaled diagonal. Writes one distance per template to
   `out` (1e9 when no path fits). `scratch` holds 2 * (longest template + 1) floats. */
static inline void fz_dtw(const float *query, int n, const float *bank, const int *offset, const int *length,
                          int count, int d, float band, float *scratch, float *out) {
    for (int k = 0; k < count; k++) {
        const float *reference = bank + (size_t)offset[k] * d;
        int m = length[k];
        float *previous = scratch, *current = scratch + m + 1;
        for (int j = 0; j <= m; j++) previous[j] = 3.4e38f;
        previous[0] = 0;
        int width = (int)(band * (n > m ? n : m)) + 1;
        for (int i = 1; i <= n; i++) {
            for (int j = 0; j <= m; j++) current[j] = 3.4e38f;
            int centre = (int)((float)i * m / n + 0.5f);
            int low = centre - width < 1 ? 1 : centre - width, high = centre + width > m ? m : centre + width;
            const float *x = query + (size_t)(i - 1) * d;
            for (int j = low; j <= high; j++) {
                const float *y = reference + (size_t)(j - 1) * d;
                float sum = 0;
                for (int e = 0; e < d; e++) { float delta = x[e] - y[e]; sum += delta * delta; }
                float local = sqrtf(sum);
                float best = previous[j - 1] >= 3.4e38f ? 3.4e38f : previous[j - 1] + 2 * local;
                if (previous[j] < 3.4e38f && previous[j] + local < best) best = previous[j] + local;
                if (current[j - 1] < 3.4e38f && current[j - 1] + local < best) best = current[j - 1] + local;
                current[j] = best;
            }
            float *swap = previous; previous = current; current = swap;
        }
        out[k] = previous[m] >= 3.4e38f ? 1e9f : previous[m] / (float)(n + m);
    }
}

/* Energy and voicing per 10 ms frame, on the front end's frame grid (frame t centred on sample
   160 t + 205), over 640 samples (40 ms) with the frame's mean removed; samples outside the
   recording count as 0. energy[t] = 10 log10(mean square + 1) in dB. voicing[t] = the highest
   normalised autocorrelation of the Hann-windowed frame over lags 40-255 (400-62.5 Hz), each lag
   divided by the window's own, clipped to [-1, 1.2]: near 1 for a voice, low for noise and breath.
   `scratch` holds 1536 floats. */
static inline void fz_energy_voicing(const int16 *samples, size_t count, int frames, float *energy, float *voicing, float *scratch) {
    enum { W = 640, LOW = 40, HIGH = 256 };
    float *window = scratch + W, *windowLag = scratch + 2 * W;
    for (int i = 0; i < W; i++) window[i] = 0.5f - 0.5f * cosf(2.0f * (float)M_PI * i / (W - 1));
    for (int k = 0; k < HIGH; k++) {
        double sum = 0;
        for (int i = 0; i + k < W; i++) sum += (double)window[i] * window[i + k];
        windowLag[k] = (float)sum;
    }
    for (int t = 0; t < frames; t++) {
        long first = 160L * t + 205 - W / 2;
        double mean = 0, square = 0;
        for (int i = 0; i < W; i++) {
            long at = first + i;
            scratch[i] = (at >= 0 && at < (long)count) ? (float)samples[at] : 0.0f;
            mean += scratch[i];
        }
        mean /= W;
        for (int i = 0; i < W; i++) { scratch[i] -= (float)mean; square += (double)scratch[i] * scratch[i]; }
        energy[t] = (float)(10.0 * log10(square / W + 1.0));
        for (int i = 0; i < W; i++) scratch[i] *= window[i];
        double zero = 0;
        for (int i = 0; i < W; i++) zero += (double)scratch[i] * scratch[i];
        if (zero < 1e-9) zero = 1e-9;
        float best = -1e9f;
        for (int k = LOW; k < HIGH; k++) {
            double sum = 0;
            for (int i = 0; i + k < W; i++) sum += (double)scratch[i] * scratch[i + k];
            float r = (float)(sum / zero / (windowLag[k] / windowLag[0]));
            if (r > best) best = r;
        }
        voicing[t] = best < -1 ? -1 : (best > 1.2f ? 1.2f : best);
    }
}

#endif
