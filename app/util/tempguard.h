/* tempguard.h — the temp files being written are removed when SIGINT, SIGTERM or SIGHUP ends the process. */
#ifndef RCUVIS_UTIL_TEMPGUARD_H
#define RCUVIS_UTIL_TEMPGUARD_H

#include <signal.h>

/*
 * safefile.c writes into a temp file beside the target; a ^C or a kill in the middle (a clip export
 * renders for minutes with its clip's temp file open) left ".NAME.rcuvis-tmp-PID-XXXXXX" beside the
 * user's file until some later rcuvis wrote into that directory. While a temp file is registered here
 * and the signal's disposition is the default one, a handler removes every registered file and then
 * lets the process die of the same signal (the shell still sees 130 or 143). A signal that is ignored
 * (nohup) stays ignored, and one with a handler of its own (SDL's in the window, which turns ^C into a
 * quit event) keeps it: those processes do not die of it here.
 * Register and unregister with the three signals blocked (tg_block), so that none arrives between
 * creating the file and registering it, or between renaming it and forgetting it.
 */
void tg_block(sigset_t *old);
void tg_unblock(const sigset_t *old);
/* 0, or -1 when the table is full (the file is then only cleaned by the next writer, as before). path
 * must stay valid until tg_remove. */
int tg_add(const char *path);
void tg_remove(const char *path);

#endif
