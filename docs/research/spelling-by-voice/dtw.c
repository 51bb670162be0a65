/* DTW between one query (n x d) and many templates (concatenated), symmetric steps, diag weight 2,
   Euclidean local distance, normalised by (n+m). Sakoe-Chiba-like band on the length-scaled diagonal. */
#include <math.h>
#include <stdlib.h>
#include <float.h>
static float dtw1(const float *a, int n, const float *b, int m, int d, float band, float *prev, float *cur) {
    for (int j = 0; j <= m; j++) prev[j] = FLT_MAX;
    prev[0] = 0;
    int w = (int)(band * (n > m ? n : m)) + 1;
    for (int i = 1; i <= n; i++) {
        cur[0] = FLT_MAX;
        int c = (int)((float)i * m / n + 0.5f);
        int lo = c - w < 1 ? 1 : c - w, hi = c + w > m ? m : c + w;
        for (int j = 1; j <= m; j++) cur[j] = FLT_MAX;
        for (int j = lo; j <= hi; j++) {
            const float *x = a + (i - 1) * d, *y = b + (j - 1) * d;
            float s = 0; for (int k = 0; k < d; k++) { float t = x[k] - y[k]; s += t * t; }
            float dist = sqrtf(s);
            float best = prev[j - 1] == FLT_MAX ? FLT_MAX : prev[j - 1] + 2 * dist;
            if (prev[j] != FLT_MAX && prev[j] + dist < best) best = prev[j] + dist;
            if (cur[j - 1] != FLT_MAX && cur[j - 1] + dist < best) best = cur[j - 1] + dist;
            cur[j] = best;
        }
        float *t = prev; prev = cur; cur = t;
    }
    return prev[m] == FLT_MAX ? 1e9f : prev[m] / (n + m);
}
void dtw_many(const float *a, int n, const float *bank, const int *off, const int *len, int count, int d, float band, float *out) {
    int mx = 0; for (int k = 0; k < count; k++) if (len[k] > mx) mx = len[k];
    float *p = malloc(sizeof(float) * (mx + 1)), *c = malloc(sizeof(float) * (mx + 1));
    for (int k = 0; k < count; k++) out[k] = dtw1(a, n, bank + (size_t)off[k] * d, len[k], d, band, p, c);
    free(p); free(c);
}
