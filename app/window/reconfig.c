/* reconfig.c — configuration changed in the window (M X Z U: mode, needs_gp_fix, no_hz, fast_no_hz, CPU count; Backspace: the file's again), re-simulated, with a badge of what differs from the file; the recorder keeps it. */
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ui_app_set_override(ui_app *a, const char *key, const char *value)
{
    return ui_app_set_override_labeled(a, key, value, "");
}

int ui_app_set_override_labeled(ui_app *a, const char *key, const char *value, const char *label)
{
    size_t kl = strlen(key);
    int slot = a->noverrides;
    for (int i = 0; i < a->noverrides; i++)
        if (!strncmp(a->overrides[i], key, kl) && a->overrides[i][kl] == '=') slot = i;
    if (slot == 16) return -1;
    snprintf(a->overrides[slot], sizeof a->overrides[slot], "%s=%s", key, value);
    /* a key pressed in the window replaces what the command line said: no longer "--cpus 4" */
    snprintf(a->override_labels[slot], sizeof a->override_labels[slot], "%s", label);
    if (slot == a->noverrides) a->noverrides++;
    return 0;
}

/* Does override "KEY=VALUE" set what the file itself has? Only the window's own keys are known (the
 * file's values of the rest are not kept): any other override counts as a change. */
static bool same_as_file(const ui_app *a, const char *ov)
{
    const char *eq = strchr(ov, '=');
    if (!a->file_knobs.known || !eq) return false;
    size_t kl = (size_t)(eq - ov);
    const char *val = eq + 1;
    bool t = !strcmp(val, "true"), f = !strcmp(val, "false");
    if (kl == 4 && !strncmp(ov, "cpus", 4)) return atoi(val) == a->file_knobs.cpus && val[0] >= '0' && val[0] <= '9';
    if (kl == 16 && !strncmp(ov, "rcu.needs_gp_fix", kl)) {
        /* absent in the file (-1): what the mode shown has, 3.7's fix under kthread; with the mode
         * forced (M) that differs from the file's run, so the override is a change */
        if (a->file_knobs.needs_gp_fix < 0 && a->mode_forced) return false;
        int fix = a->file_knobs.needs_gp_fix >= 0 ? a->file_knobs.needs_gp_fix : a->file_knobs.mode == RV_MODE_KTHREAD;
        return (t && fix) || (f && !fix);
    }
    if (kl == 8 && !strncmp(ov, "rcu.mode", kl)) /* a workbook question's "rcu.mode=kthread" on a 3.7 file changes nothing */
        return (!strcmp(val, "kthread") && a->file_knobs.mode == RV_MODE_KTHREAD) ||
               (!strcmp(val, "softirq") && a->file_knobs.mode == RV_MODE_SOFTIRQ);
    if (kl == 9 && !strncmp(ov, "rcu.no_hz", kl)) return (t && a->file_knobs.no_hz) || (f && !a->file_knobs.no_hz);
    if (kl == 14 && !strncmp(ov, "rcu.fast_no_hz", kl)) return (t && a->file_knobs.fast_no_hz) || (f && !a->file_knobs.fast_no_hz);
    return false;
}

/* Forget override i (a key pressed back to the file's value: nothing is changed any more). */
static void drop_override(ui_app *a, int i)
{
    for (int j = i; j + 1 < a->noverrides; j++) {
        memcpy(a->overrides[j], a->overrides[j + 1], sizeof a->overrides[j]);
        memcpy(a->override_labels[j], a->override_labels[j + 1], sizeof a->override_labels[j]);
    }
    a->noverrides--;
}

/* Reload the scenario with the overrides, keeping the moment and the view. */
static int reload(ui_app *a, char *msg, size_t msglen)
{
    int64_t t = ui_app_now(a);
    char src[1024];
    snprintf(src, sizeof src, "%s", a->source);
    if (!src[0]) { snprintf(msg, msglen, "the built-in demo has no file: open a scenario to change its configuration"); return -1; }
    char err[4096];
    if (ui_app_load(a, src, -1, err, sizeof err) != 0) { snprintf(msg, msglen, "%s", err); return -1; }
    ui_app_seek(a, t < ui_app_end(a) ? t : ui_app_end(a));
    return 0;
}

/* The one way a configuration change takes effect: the rebuild hook when the window's recorder
 * installed one (it keeps what was recorded), else a reload of the file with the overrides. */
static int resimulate(ui_app *a, bool mode_only, char *msg, size_t msglen)
{
    if (!a->rebuild && mode_only) { /* the mode is not in the file: the built-in demo can switch it too */
        rv_config cfg;
        if (rv_config_copy(&cfg, &a->base) != 0) { snprintf(msg, msglen, "out of memory"); return -1; }
        char name[160], src[1024];
        snprintf(name, sizeof name, "%s", a->name);
        snprintf(src, sizeof src, "%s", a->source);
        int rc = ui_app_set_config(a, &cfg, name, src, msg, msglen);
        rv_config_free(&cfg);
        return rc;
    }
    if (!a->rebuild) return reload(a, msg, msglen);
    char err[4096];
    if (a->rebuild(a->rebuild_ctx, err, sizeof err) != 0) { snprintf(msg, msglen, "%s", err); return -1; }
    return 0;
}

/* The badge, and a shortened run's length, which the badge leaves out (it changes no caption's machine)
 * but a message must not call "as in the file" */
static void changes_said(const ui_app *a, char *buf, size_t n)
{
    ui_app_config_badge(a, buf, n);
    for (int i = 0; i < a->noverrides; i++)
        if (!strncmp(a->overrides[i], "duration_s=", 11)) {
            size_t l = strlen(buf);
            snprintf(buf + l, n - l, "%s%s", l ? " · " : "", a->overrides[i]);
        }
}

void ui_app_changes_keep(const ui_app *a, ui_changes *c)
{
    memcpy(c->overrides, a->overrides, sizeof c->overrides);
    memcpy(c->labels, a->override_labels, sizeof c->labels);
    c->n = a->noverrides;
    c->forced = a->mode_forced;
    c->forced_mode = a->forced_mode;
    c->knobs = a->file_knobs;
}

void ui_app_changes_restore(ui_app *a, const ui_changes *c)
{
    memcpy(a->overrides, c->overrides, sizeof c->overrides);
    memcpy(a->override_labels, c->labels, sizeof c->labels);
    a->noverrides = c->n;
    a->mode_forced = c->forced;
    a->forced_mode = c->forced_mode;
    a->file_knobs = c->knobs;
}

int ui_app_turn(ui_app *a, enum ui_knob k, char *msg, size_t msglen)
{
    msg[0] = 0;
    if (!a->have_base) return -1;
    ui_changes kept;
    ui_app_changes_keep(a, &kept);
    const rv_rcu_config *r = &a->base.rcu;
    switch (k) {
    case UI_KNOB_MODE: {
        if (a->st.compare) { snprintf(msg, msglen, "compare shows 3.6 and 3.7 already (C leaves compare)"); return -1; }
        enum rv_mode cur = a->mode_forced ? a->forced_mode : r->mode;
        a->mode_forced = true;
        a->forced_mode = cur == RV_MODE_KTHREAD ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD;
        break;
    }
    case UI_KNOB_GP_FIX: { /* flip the effective value: absent (-1) means what the mode shown had */
        enum rv_mode shown = a->mode_forced ? a->forced_mode : r->mode;
        bool fix = r->needs_gp_fix >= 0 ? r->needs_gp_fix != 0 : shown == RV_MODE_KTHREAD;
        ui_app_set_override(a, "rcu.needs_gp_fix", fix ? "false" : "true");
        break;
    }
    case UI_KNOB_NO_HZ:
        ui_app_set_override(a, "rcu.no_hz", r->no_hz ? "false" : "true");
        /* RCU_FAST_NO_HZ depends on NO_HZ (init/Kconfig): a kernel without NO_HZ has no FAST_NO_HZ, so it
         * goes with it (the loader's refusal, a file path and a JSON path, was cut off on the projector),
         * and comes back with it when the file has it (Z twice left the lecture "changed") */
        if (r->no_hz && r->fast_no_hz) ui_app_set_override(a, "rcu.fast_no_hz", "false");
        else if (!r->no_hz && !r->fast_no_hz && a->file_knobs.known && a->file_knobs.fast_no_hz)
            ui_app_set_override(a, "rcu.fast_no_hz", "true");
        break;
    case UI_KNOB_FAST_NO_HZ:
        if (!r->fast_no_hz && !r->no_hz) {
            snprintf(msg, msglen, "FAST_NO_HZ depends on NO_HZ, which is off: Z turns NO_HZ on first");
            return -1;
        }
        ui_app_set_override(a, "rcu.fast_no_hz", r->fast_no_hz ? "false" : "true");
        break;
    case UI_KNOB_CPUS_MORE: case UI_KNOB_CPUS_FEWER: {
        int n = a->base.cpus;
        n = k == UI_KNOB_CPUS_MORE ? (n * 2 > 4096 ? 4096 : n * 2) : (n / 2 < 1 ? 1 : n / 2);
        if (n == a->base.cpus) { snprintf(msg, msglen, "already at %d CPUs", n); return -1; }
        /* said here in a line the top bar can show: the loader's refusal names a JSON path and got cut
         * to "$.rcu.nr_..." in the status line */
        if (r->nr_cpus_compiled > 0 && n > r->nr_cpus_compiled) {
            snprintf(msg, msglen, "NR_CPUS is %d here: a kernel built for %d CPUs cannot boot %d (raise rcu.nr_cpus_compiled)",
                     r->nr_cpus_compiled, r->nr_cpus_compiled, n);
            return -1;
        }
        char v[16];
        snprintf(v, sizeof v, "%d", n);
        ui_app_set_override(a, "cpus", v);
        break;
    }
    }
    for (int i = a->noverrides - 1; i >= 0; i--)
        if (same_as_file(a, a->overrides[i])) drop_override(a, i);
    if (resimulate(a, k == UI_KNOB_MODE, msg, msglen) != 0) {
        ui_app_changes_restore(a, &kept); /* the change did not load: forget it */
        return -1;
    }
    char badge[256];
    changes_said(a, badge, sizeof badge);
    /* presenting, the bar's badge already names the change, and the recorder's hint is an author's: the
     * long line hung under the bar over the 3.7 half's heading just as X changed it (omap-stall's cue 6) */
    snprintf(msg, msglen, "re-simulated to this moment: %s%s", badge[0] ? badge : "as in the file",
             a->rebuild && !a->st.presenting ? " (recorded: Ctrl+S saves it into the scenario)" : "");
    return 0;
}

int ui_app_restore_file_config(ui_app *a, char *msg, size_t msglen)
{
    msg[0] = 0;
    if (!a->have_base) return -1;
    char badge[256];
    changes_said(a, badge, sizeof badge);
    if (!a->noverrides && !a->mode_forced) {
        snprintf(msg, msglen, "the configuration is the file's already");
        return -1;
    }
    ui_changes kept;
    ui_app_changes_keep(a, &kept);
    a->noverrides = 0;
    a->mode_forced = false;
    if (resimulate(a, kept.n == 0, msg, msglen) != 0) {
        ui_app_changes_restore(a, &kept);
        return -1;
    }
    snprintf(msg, msglen, "re-simulated to this moment with the file's configuration%s%s%s", badge[0] ? " (was changed: " : "",
             badge, badge[0] ? ")" : "");
    return 0;
}

/* A key that changes what is said about the run, not the run: a slide's own captions ("--set
 * captions=[]" for a picture without the strip), cues, the description, the expect checks. */
static bool presentation_only(const char *kv)
{
    static const char *const keys[] = {"captions", "cues", "description", "comment", "expect", "name"};
    size_t len = strcspn(kv, ".=");
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (len == strlen(keys[i]) && !strncmp(kv, keys[i], len)) return true;
    return false;
}

void ui_app_config_badge(const ui_app *a, char *buf, size_t n)
{
    size_t l = 0;
    buf[0] = 0;
    if (a->mode_forced && !a->st.compare)
        l += (size_t)snprintf(buf + l, n - l, "mode=%s", a->forced_mode == RV_MODE_KTHREAD ? "kthread" : "softirq");
    /* what differs from the file only: "--set cpus=16" on a 16-CPU file changes nothing; nor does a
     * run's length change the machine its captions describe (a workbook question's duration_s=3),
     * nor captions, cues or other words about the run (presentation_only()) */
    for (int i = 0; i < a->noverrides && l < n; i++)
        if (!same_as_file(a, a->overrides[i]) && strncmp(a->overrides[i], "duration_s=", 11) && !presentation_only(a->overrides[i]))
            l += (size_t)snprintf(buf + l, n - l, "%s%s", l ? " · " : "", a->overrides[i]);
}
