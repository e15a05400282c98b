/* test_glossary.c — every term a panel draws has a glossary entry and a hover explanation where it is drawn. */
#include "demo_app.h"
#include <criterion/criterion.h>
#include <stdbool.h>

#include "panels/panels.h"
#include "workbook/glossary.h"
#include "window/app.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The terms issue 12 lists as unexplained on screen. */
static const char *const issue_terms[] = {
    "QS", "qsmask", "qsmaskinit", "g155 c154", "rnp0", "level", "leaf", "dynticks even/odd", "dyntick-idle",
    "FQS", "snapshot pass", "dti", "ofl", "idle probes", "RCU_SOFTIRQ", "irq exit", "hidden in tasks",
    "ksoftirqd/N", "swapper", "self-detected", "{ 0}", "jiffy", "HZ", "D/W/R/N", "R!", "r", "passed",
    "just cleared", "p50/p99", "cost per GP", "GP bar blues", "GP triangles", "blkd",
};

Test(glossary, every_listed_term_has_an_entry)
{
    for (size_t i = 0; i < sizeof issue_terms / sizeof issue_terms[0]; i++)
        cr_expect(glossary_line(issue_terms[i]) != NULL, "no glossary entry for \"%s\"", issue_terms[i]);
    /* "cost per GP" must say what it sums */
    cr_expect(strstr(glossary_line("cost per GP"), "divided by") != NULL);
}

/* What each credit and figure means, as the kernel has it: rcu_implicit_dynticks_qs() tries the
 * dynticks counter before cpu_is_offline(); print_cpu_stall() and print_other_cpu_stall() both print
 * the braces; the accounting row shows irqs-off and non-preemptible as two separate figures. */
Test(glossary, entries_say_what_the_kernel_does)
{
    cr_expect(strstr(glossary_line("dti"), "offline") != NULL, "dti: an offline CPU with an idle pass is credited dti");
    cr_expect(strstr(glossary_line("ofl"), "2 jiffies") != NULL, "ofl: only once the GP is more than 2 jiffies old");
    cr_expect(strstr(glossary_line("{ 0}"), "print_cpu_stall") && strstr(glossary_line("{ 0}"), "print_other_cpu_stall"),
              "{ 0}: both stall printers use the braces");
    cr_expect(strstr(glossary_line("irqs-off"), "preempt") == NULL, "irqs-off is about interrupts alone");
    cr_expect(glossary_line("non-preemptible") != NULL, "the accounting row's second figure has an entry");
    /* rcu_do_batch()'s "int bl = rdp->blimit" (v3.6/v3.7 rcutree.c): a lifted LONG_MAX is -1, one callback a pass */
    cr_expect(strstr(glossary_line("blimit"), "int") && strstr(glossary_line("blimit"), "ONE callback"),
              "blimit: 3.6/3.7 keep the lifted limit in an int, one callback a pass, not all at once");
}

/* The words a user-tester found unexplained: the accounting rows' updates, time travel's branch,
 * rcutorture's Reader Pipe, hotplug's orphaned/adopted callbacks, synchronize_*(); and "dyntick-idle"
 * in RCU's sense (an even counter, tick or no tick: rcu_idle_enter() runs on every idle entry). */
Test(glossary, tester_terms_have_entries_and_are_found)
{
    const char *terms[] = {"update", "branch", "Reader Pipe", "orphaned", "adopted", "synchronize", "tick stopped"};
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
        cr_expect(glossary_line(terms[i]) != NULL, "no glossary entry for \"%s\"", terms[i]);
    struct { const char *text, *term; } cases[] = {
        {"16 updates (2.0 per GP)", "update"}, {"small-busy · 3.7 (kthread) · branch 2 of 3", "branch"},
        {"rcu-torture: Reader Pipe:  1234 56 0 0", "Reader Pipe"}, {"3 rcu_sched callbacks of dead CPU 3 adopted by CPU 0", "adopted"},
        {"a task calls synchronize_rcu() and sleeps", "synchronize"}, {"B P Y: synchronize_*()", "synchronize"},
        {"4 online, 2 idle (1 tick stopped)", "tick stopped"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *found = NULL;
        void hit_term(void *ctx, const char *term, const char *at, size_t len);
        glossary_scan(cases[i].text, NULL, hit_term, &found);
        cr_expect(found && !strcmp(found, cases[i].term), "\"%s\": expected %s, found %s", cases[i].text, cases[i].term,
                  found ? found : "(none)");
    }
    cr_expect(strstr(glossary_line("dyntick-idle"), "even") != NULL, "dyntick-idle is RCU's: an even dynticks counter");
    cr_expect(strstr(glossary_line("I"), "even") != NULL, "I: idle to RCU although the tick runs");
    cr_expect(strstr(glossary_line("update"), "synchronize") != NULL, "update: synchronize_*() counts one too");
}

void hit_term(void *ctx, const char *term, const char *at, size_t len)
{
    (void)at; (void)len;
    const char **found = ctx;
    if (!*found) *found = term;
}

/* A student's run through the workbook: lesson 6's FAST_NO_HZ drains keep their hint ("each drain
 * requests a forcing pass"), and the entries the questions name exist (segment names, debugfs, report
 * fields, stutter, jitter, extended QS); a review caught the drain hint lost with a narrower alias. */
Test(glossary, the_workbooks_words_have_entries_and_drains_their_hint)
{
    const char *terms[] = {"DONE, WAIT, NEXT_READY, NEXT", "debugfs", "overhead_per_gp_us", "gp_duration_ms", "stutter", "jitter",
                           "extended quiescent state"};
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
        cr_expect(glossary_line(terms[i]) != NULL, "no glossary entry for \"%s\"", terms[i]);
    const char *texts[] = {"Every drain on idle entry requests a forcing pass", "the drains pay for the wakeups",
                           "3.6 did it under no RCU name, mostly in idle-task drains"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *found = NULL;
        glossary_scan(texts[i], NULL, hit_term, &found);
        cr_expect(found && !strcmp(found, "drain step"), "\"%s\": expected drain step, found %s", texts[i], found ? found : "(none)");
    }
    cr_expect_null(strstr(glossary_line("NR_CPUS"), "261"), "NR_CPUS must not give question 2.8's answer");
}

Test(glossary, scan_finds_numbered_names)
{
    struct { const char *text, *term; } cases[] = {
        {"rnp12  level 1", "rnp0"}, {"g155 c154  qsmask 0x3", "g155 c154"}, {"ksoftirqd/3", "ksoftirqd/N"},
        {"blocking grace period: { 0} (detected by 1", "{ 0}"}, {"FQS credited", "FQS"},
        {"longest irqs-off stretch 1 us · non-preemptible 3 us", "irqs-off"},
        /* a phase's tasks as one row of the CPU time panel, and the heading's note when rows above are left out */
        {"hackbench \u00D716", "\u00D7N"}, {"Threads (top) · #1 hackbench \u00D716, 31.1 s", "\u00D7N"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *found = NULL;
        void hit(void *ctx, const char *term, const char *at, size_t len);
        glossary_scan(cases[i].text, NULL, hit, &found);
        cr_expect(found && !strcmp(found, cases[i].term), "\"%s\": expected %s, found %s", cases[i].text, cases[i].term,
                  found ? found : "(none)");
    }
}

void hit(void *ctx, const char *term, const char *at, size_t len)
{
    (void)at; (void)len;
    const char **found = ctx;
    if (!*found) *found = term;
}

/* What the reader sees: every text run drawn, kept until the frame is done so the tips drawn after
 * a label (panels add them as they go) are all known. */
typedef struct run { char text[256]; rd_rect r; } run;
typedef struct runs { run *v; int n, cap; } runs;

static void observe(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *R = ctx;
    if (R->n == R->cap) {
        R->cap = R->cap ? R->cap * 2 : 1024;
        R->v = realloc(R->v, (size_t)R->cap * sizeof *R->v);
        cr_assert(R->v);
    }
    run *u = &R->v[R->n++];
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n >= sizeof u->text) n = sizeof u->text - 1;
    memcpy(u->text, s, n);
    u->text[n] = 0;
    u->r = (rd_rect){x, y, w, h};
}

static bool overlaps(rd_rect a, rd_rect b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }

typedef struct check { const ui_frame *fr; rd_rect r; const char *where; int bad; } check;

static void term_drawn(void *ctx, const char *term, const char *at, size_t len)
{
    check *c = ctx;
    for (int i = 0; i < c->fr->ntips; i++)
        if (overlaps(c->fr->tips[i].r, c->r) && strstr(c->fr->tips[i].text, term)) return;
    if (c->bad++ < 12) fprintf(stderr, "%s: \"%.*s\" (%s) drawn without an explanation on hover\n", c->where, (int)len, at, term);
}

static int check_app(ui_app *a, const char *what)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    runs R = {0};
    rd_set_text_observer(rd, observe, &R);
    ui_app_draw(a, rd);
    rd_end(rd);
    int bad = 0;
    for (int i = 0; i < R.n; i++) {
        check c = {&a->fr, R.v[i].r, what, 0};
        glossary_scan(R.v[i].text, NULL, term_drawn, &c);
        bad += c.bad;
    }
    if (a->fr.nterm_missing) fprintf(stderr, "%s: %d labels name a term the glossary lacks (first: %s)\n", what, a->fr.nterm_missing, a->fr.term_missing);
    bad += a->fr.nterm_missing;
    free(R.v);
    rd_free(rd);
    return bad;
}

Test(glossary, every_term_drawn_is_explained_where_it_is_drawn)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char sdir[1024];
    snprintf(sdir, sizeof sdir, "%s/scenarios", root);
    DIR *d = opendir(sdir);
    cr_assert(d);
    struct dirent *e;
    int bad = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || !strcmp(e->d_name, "schema.json")) continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", sdir, e->d_name);
        for (int compare = 0; compare < 2; compare++) {
            ui_app a;
            ui_app_init(&a);
            a.st.compare = compare;
            char err[4096];
            cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
            int64_t end = ui_app_end(&a);
            ui_app_seek(&a, end < 2000000000LL ? end / 2 : 2000000000LL);
            ui_app_refresh_reports(&a, 0, 0);
            a.st.sel_cpu = 0; /* "Why is it waiting?" about one CPU: its own vocabulary */
            char what[1500];
            snprintf(what, sizeof what, "%s%s", e->d_name, compare ? " compare" : "");
            bad += check_app(&a, what);
            ui_app_free(&a);
        }
    }
    closedir(d);
    cr_assert_eq(bad, 0, "%d terms drawn without an explanation (listed on stderr)", bad);
}

/* The `G` overlay lists every entry: scrolling through it shows each term once at least. */
Test(glossary, overlay_lists_every_entry)
{
    ui_app a;
    demo_app_load(&a);
    char err[512];
    a.st.show_glossary = true;
    size_t n;
    const glossary_entry *g = glossary_all(&n);
    bool *seen = calloc(n, sizeof *seen);
    for (int scroll = 0; scroll < (int)n; scroll += 4) {
        a.st.glossary_scroll = scroll;
        rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
        runs R = {0};
        rd_set_text_observer(rd, observe, &R);
        ui_app_draw(&a, rd);
        for (int i = 0; i < R.n; i++)
            for (size_t k = 0; k < n; k++) {
                size_t tl = strlen(g[k].term);
                if (!strncmp(R.v[i].text, g[k].term, tl) && !strncmp(R.v[i].text + tl, " — ", 5)) seen[k] = true;
            }
        free(R.v);
        rd_free(rd);
    }
    for (size_t k = 0; k < n; k++) cr_expect(seen[k], "the glossary overlay never shows \"%s\"", g[k].term);
    free(seen);
    ui_app_free(&a);
}

/* A stall warning that names a blocked task (P<pid>) in the timeline, the log and "why": every term
 * there has its explanation on hover too. */
Test(glossary, a_blocked_task_stall_is_explained, .timeout = 60)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root);
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_set_override(&a, "events.0.duration_s", "30"), 0);
    cr_assert_eq(ui_app_set_override(&a, "rcu.stall_timeout_s", "5"), 0);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&a, 10100000000LL);
    a.st.flavor = RV_PREEMPT;
    ui_app_refresh_reports(&a, 0, 0);
    cr_assert_eq(check_app(&a, "small-busy with a 30 s preempted reader"), 0);
    ui_app_free(&a);
}

/* A shipped scenario loaded into a ui_app (freed by the caller with ui_app_free()). */
static void load_shipped(ui_app *a, const char *name)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root, name);
    ui_app_init(a);
    cr_assert_eq(ui_app_load(a, path, -1, err, sizeof err), 0, "%s", err);
}

/* One frame of a at 1600x900, every text run it drew in R (free R->v and the returned context). */
static rd_ctx *draw_observed(ui_app *a, runs *R)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    *R = (runs){0};
    rd_set_text_observer(rd, observe, R);
    ui_app_draw(a, rd);
    rd_end(rd);
    return rd;
}

/* Hovering "N updates" in the CPU time panel explains an update, not a grace period (a row-wide
 * GP tip drawn last used to answer there); hovering "N GPs" still explains the GP. */
Test(glossary, hovering_updates_explains_update, .timeout = 60)
{
    ui_app a;
    load_shipped(&a, "small-busy");
    ui_app_seek(&a, 2000000000LL);
    ui_app_refresh_reports(&a, 0, 0);
    runs R;
    rd_ctx *rd = draw_observed(&a, &R);
    int rows = 0;
    for (int i = 0; i < R.n; i++) {
        const char *u = strstr(R.v[i].text, " updates (");
        if (!u || strncmp(R.v[i].text, "rcu_", 4)) continue;
        rows++;
        /* the row is drawn whole: "updates" sits in its right part, "GPs" in its left */
        rd_rect r = R.v[i].r;
        int y = r.y + r.h / 2;
        const ui_tip *t = ui_tip_find(&a.fr, r.x + r.w - 4, y);
        cr_expect(t && !strncmp(t->text, "update — ", strlen("update — ")), "%s: tip at the updates is \"%s\"", R.v[i].text,
                  t ? t->text : "(none)");
        t = ui_tip_find(&a.fr, r.x + 2, y);
        cr_expect(t && !strncmp(t->text, "GP — ", strlen("GP — ")), "%s: tip at the flavor is \"%s\"", R.v[i].text, t ? t->text : "(none)");
    }
    cr_expect_gt(rows, 0, "no flavor row with updates drawn");
    free(R.v);
    rd_free(rd);
    ui_app_free(&a);
}

/* The CPUs header counts "idle" as the tiles' "(idle)" and RCU do, by an even dynticks counter
 * (rcu_idle_enter() on every idle entry), so a CPU idle with its tick on (I) counts; "tick stopped"
 * counts Z alone. It used to call only Z "dyntick-idle" while I tiles read "dynticks N (idle)". */
Test(glossary, cpus_header_counts_idle_as_rcu_does, .timeout = 120)
{
    const char *names[] = {"hackbench", "small-busy", "kernel-build", "rcutorture"};
    bool found = false;
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !found; k++) {
        ui_app a;
        load_shipped(&a, names[k]);
        for (int64_t t = 3000000LL; t < 3000000000LL && !found; t += 3000000LL) {
            ui_app_advance(&a, t, 0);
            /* the view is built when the window draws */
            runs R;
            rd_ctx *rd = draw_observed(&a, &R);
            const ui_view *v = &a.s[0].view;
            int idle = 0, nohz = 0, ticking_idle = 0;
            for (int i = 0; i < v->ncpus; i++) {
                idle += v->cpus[i].state != RV_CPU_OFFLINE && !(v->cpus[i].dynticks & 1);
                nohz += v->cpus[i].state == RV_CPU_IDLE_NOHZ;
                ticking_idle += v->cpus[i].state == RV_CPU_IDLE_TICK && !(v->cpus[i].dynticks & 1);
            }
            if (ticking_idle) {
                found = true;
                char want[64];
                snprintf(want, sizeof want, ", %d idle (%d tick stopped)", idle, nohz);
                bool seen = false;
                for (int i = 0; i < R.n; i++) seen |= strstr(R.v[i].text, want) != NULL;
                cr_expect(seen, "%s at %lld ns: no CPUs header with \"%s\" (%d idle with the tick on)", names[k], (long long)t, want,
                          ticking_idle);
            }
            free(R.v);
            rd_free(rd);
        }
        ui_app_free(&a);
    }
    cr_assert(found, "no shipped scenario showed a CPU idle with its tick on (dynticks even) in its first 3 s");
}

/* rcutorture prints its Reader Pipe to the kernel log every 60 s: the log line explains the term on
 * hover like every other label (the log used to explain only stall warnings). */
Test(glossary, reader_pipe_in_the_log_is_explained, .timeout = 60)
{
    ui_app a;
    load_shipped(&a, "rcutorture");
    ui_app_seek(&a, 60500000000LL);
    ui_app_refresh_reports(&a, 0, 0);
    runs R;
    rd_ctx *rd = draw_observed(&a, &R);
    bool drawn = false;
    for (int i = 0; i < R.n; i++) drawn |= strstr(R.v[i].text, "Reader Pipe") != NULL;
    cr_assert(drawn, "no Reader Pipe line in the kernel log at 60.5 s");
    free(R.v);
    rd_free(rd);
    cr_expect_eq(check_app(&a, "rcutorture at 60.5 s"), 0);
    ui_app_free(&a);
}

/* The terms a student who had read only the article could not place after the workbook (its
 * feedback, rcudata's fields, reproduce's verdicts): each has an entry, found in running text. */
Test(glossary, student_terms_have_entries_and_are_found)
{
    const char *terms[] = {"quiescent state", "gp_tasks", "passed_quiesce", "qs_pending", "blimit", "qhimark", "qlowmark",
                           "lazy callback", "NR_CPUS", "nr_cpu_ids", "RCU_STALL_RAT_DELAY", "RCU_IDLE_FLUSHES", "rcu_busted",
                           "bounded gap", "FQS pass"};
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
        cr_expect(glossary_line(terms[i]) != NULL, "no glossary entry for \"%s\"", terms[i]);
    struct { const char *text, *term; } cases[] = {
        {"the GP points gp_tasks at it", "gp_tasks"}, {"3.6 sizes the tree by NR_CPUS", "NR_CPUS"},
        {"queued with kfree_rcu() to free it", "lazy callback"}, {"above qhimark, blimit is lifted", "qhimark"},
        {"a CPU passes quiescent states", "quiescent state"}, {"a later FQS pass credits it", "FQS pass"},
        {"two forcing passes", "FQS pass"}, {"an FQS credit", "FQS"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *found = NULL;
        glossary_scan(cases[i].text, NULL, hit_term, &found);
        cr_expect(found && !strcmp(found, cases[i].term), "\"%s\": expected %s, found %s", cases[i].text, cases[i].term,
                  found ? found : "(none)");
    }
    cr_expect(strstr(glossary_line("RCU_STALL_RAT_DELAY"), "2 jiffies") != NULL, "rcutree.h: #define RCU_STALL_RAT_DELAY 2");
}

/* Hover over the Why panel's text: it names a dozen terms, and the tip explained them all in ~25 lines
 * over the tree, the caption and the timeline, cut mid-word at its buffer's end. Three are explained,
 * the rest named, each whole; the box stays inside the picture. */
Test(glossary, a_tip_explains_a_few_terms_and_names_the_rest)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    const char *why = "rcu_sched GP 28 waits on qsmask 0x470c: CPU 2 used up its RCU_FAST_NO_HZ drain steps (holdoff), "
                      "so it notices the GP in its next tick; a quiescent state is passed at a context switch, the FQS "
                      "pass credits dyntick-idle CPUs, and the leaf reports to the root through RCU_SOFTIRQ.";
    rd_rect r = {10, 10, 400, 60};
    panel_explain(&fr, r, why);
    cr_assert_eq(fr.ntips, 1);
    const char *t = fr.tips[0].text;
    int entries = 0;
    for (const char *p = t; (p = strstr(p, " — ")); p += 3) entries++;
    cr_expect_leq(entries, 3, "%s", t);
    cr_expect(strstr(t, "Also here: ") != NULL, "%s", t);
    cr_expect(strstr(t, "G explains every term on screen") != NULL, "%s", t);
    fr.mouse_x = 20, fr.mouse_y = 20;
    panel_tip_draw(&fr, (rd_rect){0, 0, 1280, 720});
    rd_end(rd);
    ui_frame_free(&fr);
    rd_free(rd);
}

/* Does glossary_scan() find entry `term` among the words of text? */
typedef struct { const char *term; bool found; } term_hunt;
static void hunt_hit(void *ctx, const char *term, const char *at, size_t len)
{
    (void)at; (void)len;
    term_hunt *h = ctx;
    h->found |= !strcmp(term, h->term);
}
static bool scan_finds(const char *text, const char *term)
{
    term_hunt h = {term, false};
    glossary_scan(text, NULL, hunt_hit, &h);
    return h.found;
}

/* A student revising "the two-jiffy limit" found no entry, and the glossary's other "2 jiffies" (ofl,
 * RCU_STALL_RAT_DELAY) answered instead; the captions' and questions' names for it lead to one entry. */
Test(glossary, the_two_jiffy_limit_has_an_entry_under_its_names)
{
    const char *e = glossary_line("two-jiffy limit");
    cr_assert_not_null(e);
    cr_expect(strstr(e, "note_new_gpnum()") && strstr(e, "FAST_NO_HZ"), "the mechanism and the way past it: %s", e);
    const char *texts[] = {"Right: the idle-entry drain beats the two-tick limit", "far from the tick path's two",
                           "what does that do to the two-tick limit?"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        cr_expect(scan_finds(texts[i], "two-jiffy limit"), "\"%s\" does not lead to the two-jiffy limit", texts[i]);
}

/* A maintainer's review: "W" said the callbacks wait for the GP the CPU last noted, yet a CPU that has
 * seen a GP end moves R to W without noting a new GP (__rcu_process_gp_end()), and its tile then shows
 * W waiting for a GP it has not noted (small-busy at 2.41667 s, rcu_preempt, CPU 2: c=521 g=521, W 3).
 * And 3.6's end-of-GP walk is skipped when the ending CPU holds callbacks beyond WAIT. */
Test(glossary, segments_and_walks_say_what_both_kernels_do)
{
    cr_expect_null(strstr(glossary_line("W"), "last noted"), "%s", glossary_line("W"));
    cr_expect(strstr(glossary_line("W"), "__rcu_process_gp_end()") && strstr(glossary_line("W"), "next one"), "%s", glossary_line("W"));
    cr_expect_null(strstr(glossary_line("D/W/R/N"), "last noted"), "%s", glossary_line("D/W/R/N"));
    cr_expect(strstr(glossary_line("cleanup walk"), "3.6 skips the walk") != NULL, "%s", glossary_line("cleanup walk"));
    cr_expect(strstr(glossary_line("Kernel log"), "backtraces") != NULL, "%s", glossary_line("Kernel log"));
}

/* A student in the browser met "(idle_probes / grace_periods in the report)" and `rcuvis run` in the
 * workbook, with no shell and no report in the page: the glossary says where the panel shows them. */
Test(glossary, the_report_is_explained_by_the_panels_lines)
{
    const char *e = glossary_line("the report");
    cr_assert_not_null(e);
    cr_expect(strstr(e, "CPU time panel") && strstr(e, "idle_probes") && strstr(e, "FQS passes"), "%s", e);
    const char *texts[] = {"(idle_probes / grace_periods in the report)", "run `rcuvis run hackbench --mode softirq`"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        cr_expect(scan_finds(texts[i], "the report"), "\"%s\" does not lead to the report's entry", texts[i]);
}

/* Review findings. "the report" was explained under "the report came from systems with 4096 CPUs" (a
 * bug report): only the tool's report leads there now. "softirq" read as a tile label, not the
 * article's central word. Column headers of rcuvis run's summary and words of the article had no entry.
 * Three entries said less than the kernel does (relaxed=0 forcing in 3.6, qs_pending cleared at a
 * GP's end, tasks in a stall warning's braces). */
Test(glossary, review_words_have_entries_in_the_right_sense)
{
    cr_expect(!scan_finds("Paul McKenney says the report came from systems with 4096 CPUs", "the report"));
    cr_expect(!scan_finds("frequent, but the report itself waits for a tick", "the report"));
    cr_expect(scan_finds("300 ns; the report's overhead_per_update_ns is", "the report"));
    cr_expect(scan_finds("(idle_probes / grace_periods in the report)", "the report"));
    const char *sq = glossary_line("softirq");
    cr_assert_not_null(sq);
    cr_expect(strstr(sq, "software interrupt") && strstr(sq, "irq exit") && strstr(sq, "ksoftirqd/N") && strstr(sq, "tile"), "%s", sq);
    const char *terms[] = {"us/GP", "upd/GP", "ns/update", "ns/upd", "offline credits", "overhead_per_update_ns", "expedited",
                           "fqslock", "hackbench", "rcutorture", "preemption", "extended quiescent state", "p50/p99", "g155 c154"};
    for (size_t i = 0; i < sizeof terms / sizeof *terms; i++) cr_expect_not_null(glossary_line(terms[i]), "no entry for %s", terms[i]);
    const char *on_screen[][2] = {{"GPs updates upd/GP us/GP ns/update", "upd/GP"}, {"GPs updates upd/GP us/GP ns/update", "us/GP"},
                                  {"GPs updates upd/GP us/GP ns/update", "ns/update"}, {"12.3 us per GP, 310 ns/upd", "ns/upd"},
                                  {"504 callbacks invoked, 0 offline credits", "offline credits"},
                                  {"It is idle as far as RCU knows: an extended quiescent state.", "extended quiescent state"},
                                  {"a softirq handler", "softirq"}, {"g40 c39", "g155 c154"}};
    for (size_t i = 0; i < sizeof on_screen / sizeof *on_screen; i++)
        cr_expect(scan_finds(on_screen[i][0], on_screen[i][1]), "\"%s\" does not lead to %s", on_screen[i][0], on_screen[i][1]);
    const char *fqs = glossary_line("jiffies_till_first_fqs");
    cr_expect(strstr(fqs, "relaxed=0") && strstr(fqs, "rcu_prepare_for_idle()") && strstr(fqs, "qhimark") &&
              strstr(fqs, "print_other_cpu_stall()"), "%s", fqs);
    cr_expect(strstr(glossary_line("qs_pending"), "__rcu_process_gp_end()") != NULL, "%s", glossary_line("qs_pending"));
    cr_expect(strstr(glossary_line("{ 0}"), "P and a pid") != NULL, "%s", glossary_line("{ 0}"));
}

/* Hovering a term drew "term — explanation" through a 320-byte buffer: sleep/wake's and
 * ksoftirqd/N's explanations ended mid-word in the tip. Every entry fits the buffers that draw one,
 * and a term's tip ends with its whole explanation. */
Test(glossary, a_terms_tip_holds_its_whole_entry)
{
    size_t n;
    const glossary_entry *g = glossary_all(&n);
    size_t longest = 0;
    for (size_t k = 0; k < n; k++) {
        size_t need = strlen(g[k].term) + strlen(" — ") + strlen(g[k].line) + 1;
        if (need > longest) longest = need;
        cr_expect_leq(need, GLOSSARY_TEXT_MAX, "%s: %zu bytes drawn whole need more than GLOSSARY_TEXT_MAX", g[k].term, need);
        ui_frame fr;
        memset(&fr, 0, sizeof fr);
        panel_term(&fr, (rd_rect){0, 0, 10, 10}, g[k].term);
        cr_assert_eq(fr.ntips, 1, "%s: no tip", g[k].term);
        size_t tl = strlen(fr.tips[0].text), ll = strlen(g[k].line);
        cr_expect(tl >= ll && !strcmp(fr.tips[0].text + tl - ll, g[k].line), "hovering %s cuts its explanation: \"%s\"", g[k].term,
                  fr.tips[0].text);
        ui_frame_free(&fr);
    }
    cr_expect_gt(longest, 512, "some entries are longer than the old buffers (this test would then check nothing)");
}

/* A student met rcu_bh in bh-netload with "Flavor whose readers disable bottom halves; QS also at
 * softirq end": "also" read as rcu_sched's quiescent states plus one more, yet a context switch is no
 * rcu_bh QS, and the one the scenario turns on, a tick in kernel code outside softirq, was not named.
 * As v3.6/v3.7 have it: rcu_read_lock_bh() is local_bh_disable(); rcu_check_callbacks() calls
 * rcu_bh_qs() for a tick with !in_softirq(); __do_softirq() after each handler. */
Test(glossary, rcu_bh_says_which_quiescent_states_are_its_own)
{
    const char *e = glossary_line("rcu_bh");
    cr_assert_not_null(e);
    cr_expect_null(strstr(e, "also at softirq end"), "%s", e);
    cr_expect(strstr(e, "local_bh_disable()") && strstr(e, "softirqs"), "what a bottom half is: %s", e);
    cr_expect(strstr(e, "context switch is not one"), "a context switch is no rcu_bh QS: %s", e);
    cr_expect(strstr(e, "in kernel code too") && strstr(e, "rcu_check_callbacks()") && strstr(e, "__do_softirq()"),
              "the tick outside softirq and each handler's end: %s", e);
}
