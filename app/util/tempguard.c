/* tempguard.c — remove registered temp files on SIGINT/SIGTERM/SIGHUP, then die of the signal (see tempguard.h). */
#include "util/tempguard.h"

#include <stddef.h>
#include <string.h>
#include <unistd.h>

/* a clip has its clip file's temp and one frame's at once; 16 is room to spare */
#define MAX_LIVE 16

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
enum { NCAUGHT = sizeof caught / sizeof caught[0] };
static const char *volatile live[MAX_LIVE];
static int nlive;
static struct sigaction saved[NCAUGHT];
static int installed[NCAUGHT];

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_LIVE; i++)
        if (live[i]) unlink(live[i]); /* async-signal-safe, as are signal() and raise() */
    signal(sig, SIG_DFL);
    raise(sig);
}

void tg_block(sigset_t *old)
{
    sigset_t block;
    sigemptyset(&block);
    for (int i = 0; i < NCAUGHT; i++) sigaddset(&block, caught[i]);
    sigprocmask(SIG_BLOCK, &block, old);
}

void tg_unblock(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

int tg_add(const char *path)
{
    int slot = -1;
    for (int i = 0; i < MAX_LIVE && slot < 0; i++)
        if (!live[i]) slot = i;
    if (slot < 0) return -1;
    live[slot] = path;
    if (nlive++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        for (int i = 0; i < NCAUGHT; i++) {
            installed[i] = 0;
            if (sigaction(caught[i], NULL, &saved[i]) != 0) continue;
            if (saved[i].sa_handler != SIG_DFL || (saved[i].sa_flags & SA_SIGINFO)) continue; /* ignored, or someone's own */
            installed[i] = sigaction(caught[i], &sa, NULL) == 0;
        }
    }
    return 0;
}

void tg_remove(const char *path)
{
    for (int i = 0; i < MAX_LIVE; i++) {
        if (live[i] != path) continue;
        live[i] = NULL;
        if (--nlive == 0)
            for (int k = 0; k < NCAUGHT; k++)
                if (installed[k]) { sigaction(caught[k], &saved[k], NULL); installed[k] = 0; }
        return;
    }
}
