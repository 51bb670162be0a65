/* Raw 13-d cepstra from pocketsphinx's own front end (ps_get_fe, model feat.params: 25 filters 130-6800 Hz, lifter 22),
   the same features the shim computes.  Reads "in.wav\tout.f32" lines; writes float32 frames x 13.
   gcc -O2 -o cepdump cepdump.c $(pkg-config --cflags --libs pocketsphinx) */
#include <pocketsphinx.h>
#include <sphinxbase/fe.h>
#include <sphinxbase/err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int16 *read_wav(const char *p, size_t *n) {
    FILE *f = fopen(p, "rb"); if (!f) return NULL;
    fseek(f, 0, SEEK_END); long sz = ftell(f); fseek(f, 44, SEEK_SET);
    *n = (sz - 44) / 2; int16 *b = malloc(*n * 2); *n = fread(b, 2, *n, f); fclose(f); return b;
}
int main(int argc, char **argv) {
    err_set_logfp(NULL);
    cmd_ln_t *cfg = cmd_ln_parse_r(NULL, ps_args(), argc - 1, argv + 1, 1);
    ps_decoder_t *ps = ps_init(cfg); if (!ps) return 1;
    fe_t *fe = ps_get_fe(ps); char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0; char *t = strchr(line, '\t'); if (!t) continue; *t++ = 0;
        size_t n; int16 *pcm = read_wav(line, &n); if (!pcm) { fprintf(stderr, "bad %s\n", line); continue; }
        mfcc_t **cep = NULL; int32 nf = 0;
        fe_start_utt(fe); fe_process_utt(fe, pcm, n, &cep, &nf);
        FILE *o = fopen(t, "wb");
        for (int i = 0; i < nf; i++) for (int d = 0; d < 13; d++) { float v = cep[i][d]; fwrite(&v, 4, 1, o); }
        fclose(o); fe_free_2d(cep); free(pcm);
    }
    ps_free(ps); return 0;
}
