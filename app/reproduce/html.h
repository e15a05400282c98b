/* html.h — `rcuvis reproduce --html`: one self-contained page with the claims table and a figure per claim family. */
#ifndef RCUVIS_REPRODUCE_HTML_H
#define RCUVIS_REPRODUCE_HTML_H

#include "reproduce/reproduce.h"

/* One claim as judged, with the reports of its runs on the first seed. */
typedef struct rp_html_claim {
    const rp_claim *claim;
    bool holds;
    bool gap;             /* does not hold, but the claim's sweep bounds it: shown as GAP, as the terminal does */
    bool calibrated;      /* holds, but its scenario was set to give the figure (rp_claim.calibrated): shown apart */
    const char *simulated;
    const cJSON *rep[RP_MAX_RUNS];
    const rv_config *cfg[RP_MAX_RUNS];
    int nruns;
} rp_html_claim;

/* Write the page to path (atomically: temp file beside it, then rename). Figures are drawn by the
 * renderer's SVG backend and inlined: the page loads nothing. A file already at path is replaced only
 * when it is an HTML page or empty (util/ownfile.h); *replaced says whether one was. 0 ok, -1 + message. */
int rp_html_write(const char *path, const rp_html_claim *c, size_t n, bool quick, bool *replaced, char *err, size_t errlen);

/* --figures DIR: the page's figures, each as DIR/NAME.svg and DIR/NAME.png (scaling, idle, where,
 * omap: those the claims chosen have), each written as shot writes a picture (atomically, a file there
 * replaced only when it is a picture of that kind); each file written is said on stderr. 0, or -1 + message
 * (the files before the failing one stay written); *written counts the files. */
int rp_figures_write(const char *dir, const rp_html_claim *c, size_t n, int *written, char *err, size_t errlen);
#endif
