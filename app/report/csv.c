/* csv.c — CSV tables of a run: per-GP rows from the event stream plus sampled accounting, time series, threads, stalls. */
#include "report/csv.h"
#include "util/newfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[CSV_NKINDS] = {"gps", "timeseries", "threads", "stalls"};

int csv_kind_from_name(const char *name)
{
    for (int i = 0; i < CSV_NKINDS; i++)
        if (!strcmp(name, kind_names[i])) return i;
    return -1;
}

const char *csv_kind_name(int kind) { return kind >= 0 && kind < CSV_NKINDS ? kind_names[kind] : "?"; }

void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, out); return; }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* The run's cumulative accounting at one instant: what the rows are differences of. */
typedef struct sample {
    double kthread_s[RV_NFLAVORS];   /* each flavor's GP kthread (3.7) */
    double ksoftirqd_s, inline_s, rcuc_s, tick_s, caller_s;
    double overhead_us[RV_NFLAVORS];
    uint64_t gps[RV_NFLAVORS], updates[RV_NFLAVORS], invoked[RV_NFLAVORS], fqs[RV_NFLAVORS], probes[RV_NFLAVORS];
} sample;

static void take(const rv_engine *e, sample *s)
{
    rv_report r;
    rv_report_build(e, &r);
    memset(s, 0, sizeof *s);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rv_flavor_report *fr = &r.flavors[f];
        s->overhead_us[f] = fr->gp_overhead_us;
        s->gps[f] = fr->grace_periods;
        s->updates[f] = fr->updates;
        s->invoked[f] = fr->callbacks_invoked;
        s->fqs[f] = fr->fqs_scans;
        s->probes[f] = fr->idle_probes;
        /* the report names a 3.7 GP kthread after its flavor */
        for (size_t t = 0; t < r.nthreads; t++)
            if (r.threads[t].kernel_thread && !strcmp(r.threads[t].name, rv_flavor_name(f))) s->kthread_s[f] = r.threads[t].cpu_seconds;
    }
    s->ksoftirqd_s = r.ksoftirqd_s;
    s->inline_s = r.softirq_inline_s;
    s->rcuc_s = r.rcuc_s;
    s->tick_s = r.tick_s;
    s->caller_s = r.caller_s;
    rv_report_free(&r);
}

/* A time column (_s) to the nanosecond, as the engine keeps time: a moment read off a row and typed
 * into `shot --at` must be the moment itself. Six decimals printed omap-stall's stall at 80.0078125 s
 * as 80.007812, 500 ns before the warning, and a picture there showed an empty kernel log. Printed
 * from the integer, so a time of days is as exact as one of seconds. */
static void seconds_into(char *b, size_t n, int64_t ns)
{
    snprintf(b, n, "%s%lld.%09lld", ns < 0 ? "-" : "", (long long)(llabs(ns) / 1000000000LL), (long long)(llabs(ns) % 1000000000LL));
}

static bool overlaps(const csv_opts *o, int64_t a, int64_t b) { return b >= o->from_ns && (o->to_ns < 0 || a <= o->to_ns); }

/* ---- gps: the sink samples the accounting when a GP starts and when it ends */

typedef struct gp_rec { sample start; int64_t t; uint64_t gp; bool open; } gp_rec;

typedef struct gps_ctx {
    const rv_engine *e;
    const csv_opts *o;
    FILE *out;
    gp_rec cur[RV_NFLAVORS];
} gps_ctx;

static void gps_header(FILE *out)
{
    fputs("flavor,gp,completed,start_s,end_s,duration_us,fqs_passes,idle_probes,gp_cost_us,charged_to,"
          "kthread_us,ksoftirqd_us,softirq_at_irq_exit_us,rcuc_us,tick_us\r\n", out);
}

/* One row; t_end < 0 for a GP still running when the run (or the range) ends: end_s is then
 * empty and duration_us is its age so far. */
static void gps_row(gps_ctx *c, int f, const gp_rec *g, int64_t t_end, int64_t now)
{
    sample end;
    take(c->e, &end);
    const sample *a = &g->start;
    /* where the RCU work of this window went; the kthread bucket is this flavor's own thread,
     * the others are per-CPU contexts shared by all flavors (a GP's machinery runs in them) */
    double kth = (end.kthread_s[f] - a->kthread_s[f]) * 1e6, ksd = (end.ksoftirqd_s - a->ksoftirqd_s) * 1e6,
           inl = (end.inline_s - a->inline_s) * 1e6, rcuc = (end.rcuc_s - a->rcuc_s) * 1e6, tick = (end.tick_s - a->tick_s) * 1e6;
    const char *where = "none";
    double best = 0;
    struct { const char *n; double v; } b[] = {{"gp_kthread", kth}, {"ksoftirqd", ksd}, {"softirq_at_irq_exit", inl}, {"rcuc", rcuc}, {"tick", tick}};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        if (b[i].v > best) { best = b[i].v; where = b[i].n; }
    char ts[32], te[32] = "";
    seconds_into(ts, sizeof ts, g->t);
    if (t_end >= 0) seconds_into(te, sizeof te, t_end);
    fprintf(c->out, "%s,%llu,%s,%s,%s,%.3f,%llu,%llu,%.3f,%s,%.3f,%.3f,%.3f,%.3f,%.3f\r\n", rv_flavor_name(f),
            (unsigned long long)g->gp, t_end >= 0 ? "true" : "false", ts, te, ((t_end >= 0 ? t_end : now) - g->t) / 1e3,
            (unsigned long long)(end.fqs[f] - a->fqs[f]), (unsigned long long)(end.probes[f] - a->probes[f]),
            end.overhead_us[f] - a->overhead_us[f], where, kth, ksd, inl, rcuc, tick);
}

static void gps_sink(const rv_event *ev, void *vctx)
{
    gps_ctx *c = vctx;
    if (ev->flavor < 0 || ev->flavor >= RV_NFLAVORS) return;
    gp_rec *g = &c->cur[ev->flavor];
    if (ev->type == RV_EV_GP_START) {
        take(c->e, &g->start);
        g->t = ev->t;
        g->gp = ev->gp;
        g->open = true;
        return;
    }
    if (ev->type != RV_EV_GP_END || !g->open) return;
    g->open = false;
    if (overlaps(c->o, g->t, ev->t)) gps_row(c, ev->flavor, g, ev->t, ev->t);
}

/* ---- timeseries */

static void series_header(FILE *out, const rv_config *cfg)
{
    fputs("start_s,end_s,rcu_cpu_us,gp_kthreads_us,ksoftirqd_us,softirq_at_irq_exit_us,rcuc_us,tick_us,call_rcu_callers_us", out);
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (cfg->rcu.flavors[f]) fprintf(out, ",%s_gps,%s_callbacks_queued,%s_callbacks_invoked", rv_flavor_name(f), rv_flavor_name(f), rv_flavor_name(f));
    fputs("\r\n", out);
}

static void series_row(FILE *out, const rv_config *cfg, int64_t t0, int64_t t1, const sample *a, const sample *b)
{
    double kth = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) kth += b->kthread_s[f] - a->kthread_s[f];
    double ksd = b->ksoftirqd_s - a->ksoftirqd_s, inl = b->inline_s - a->inline_s, rcuc = b->rcuc_s - a->rcuc_s,
           tick = b->tick_s - a->tick_s, call = b->caller_s - a->caller_s;
    char s0[32], s1[32];
    seconds_into(s0, sizeof s0, t0);
    seconds_into(s1, sizeof s1, t1);
    fprintf(out, "%s,%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f", s0, s1, (kth + ksd + inl + rcuc + tick + call) * 1e6,
            kth * 1e6, ksd * 1e6, inl * 1e6, rcuc * 1e6, tick * 1e6, call * 1e6);
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (cfg->rcu.flavors[f])
            fprintf(out, ",%llu,%llu,%llu", (unsigned long long)(b->gps[f] - a->gps[f]), (unsigned long long)(b->updates[f] - a->updates[f]),
                    (unsigned long long)(b->invoked[f] - a->invoked[f]));
    fputs("\r\n", out);
}

int csv_run(const rv_config *cfg, const csv_opts *o, FILE *out, char *err, size_t errlen)
{
    rv_engine *e = rv_engine_new(cfg, NULL, err, errlen);
    if (!e) return -1;
    int64_t end = rv_end_ns(e);
    if (o->to_ns >= 0 && o->to_ns < end) end = o->to_ns;
    if (o->kind == CSV_GPS) {
        gps_ctx c = {.e = e, .o = o, .out = out};
        gps_header(out);
        rv_engine_set_sink_live(e, gps_sink, &c); /* it samples the engine's accounting (take()) */
        rv_run_until(e, end);
        rv_engine_set_sink(e, NULL, NULL);
        for (int f = 0; f < RV_NFLAVORS; f++)
            if (c.cur[f].open) gps_row(&c, f, &c.cur[f], -1, rv_now_ns(e));
    } else if (o->kind == CSV_TIMESERIES) {
        series_header(out, cfg);
        int64_t step = (int64_t)(o->interval_s * 1e9 + 0.5);
        if (step < 1) step = 1;
        sample a, b;
        take(e, &a);
        for (int64_t t0 = 0; t0 < end; t0 += step) {
            int64_t t1 = t0 + step < end ? t0 + step : end;
            rv_run_until(e, t1);
            take(e, &b);
            if (overlaps(o, t0, t1)) series_row(out, cfg, t0, t1, &a, &b);
            a = b;
        }
    } else {
        rv_run_until(e, end);
        rv_report r;
        rv_report_build(e, &r);
        if (o->kind == CSV_THREADS) {
            /* tasks: how many tasks the row sums (a phase's task is one per CPU, "hackbench ×16" in
             * the report and the window; rv_cfg_task_cpus()), 1 for a kernel thread */
            fputs("name,kind,cpu_us,alive,tasks\r\n", out);
            for (size_t i = 0; i < r.nthreads; i++) {
                const rv_thread_report *t = &r.threads[i];
                int tasks = t->kernel_thread ? 1 : rv_cfg_task_cpus(cfg, t->name, cfg->cpus);
                csv_field(out, t->name);
                fprintf(out, ",%s,%.3f,%s,%d\r\n", t->kernel_thread ? "kernel_thread" : "task", t->cpu_seconds * 1e6,
                        t->alive ? "true" : "false", tasks > 1 ? tasks : 1);
            }
        } else {
            /* cpu: whose tick printed it; cpu_list and pid_list: everyone it names, space-separated */
            fputs("t_s,flavor,kind,cpu,t_jiffies,cpu_list,pid_list,message\r\n", out);
            for (size_t i = 0; i < r.nstalls; i++) {
                const rv_stall_report *s = &r.stalls[i];
                /* the report keeps the time as seconds in a double: rounded back to the engine's nanosecond */
                int64_t t = llround(s->t_s * 1e9);
                if (!overlaps(o, t, t)) continue;
                char ts[32];
                seconds_into(ts, sizeof ts, t);
                fprintf(out, "%s,%s,%s,%d,%llu,", ts, rv_flavor_name(s->flavor), s->kind ? "other" : "self", s->cpu,
                        (unsigned long long)s->jiffies);
                for (uint32_t k = 0; k < s->ncpus_named; k++) fprintf(out, "%s%d", k ? " " : "", rv_stall_cpus(&r, s)[k]);
                fputc(',', out);
                for (uint32_t k = 0; k < s->npids_named; k++) fprintf(out, "%s%d", k ? " " : "", rv_stall_pids(&r, s)[k]);
                fputc(',', out);
                csv_field(out, s->text);
                fputs("\r\n", out);
            }
        }
        rv_report_free(&r);
    }
    rv_engine_free(e);
    if (fflush(out) != 0 || ferror(out)) {
        snprintf(err, errlen, "cannot write the CSV");
        return -1;
    }
    return 0;
}

int csv_save_new(const rv_config *cfg, const csv_opts *o, const char *stem, char *path, size_t pathlen, char *err, size_t errlen)
{
    if (nf_reserve(stem, "csv", path, pathlen) != 0) { snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno)); return -1; }
    /* the reserved (empty) name is then replaced by the complete table (util/safefile.h) */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int rc = m ? csv_run(cfg, o, m, err, errlen) : -1;
    if (!m) snprintf(err, errlen, "%s: out of memory", path);
    if (m && fclose(m) != 0 && rc == 0) { snprintf(err, errlen, "%s: out of memory", path); rc = -1; }
    sf_out *out = rc == 0 ? sf_open(path, 0644, err, errlen) : NULL;
    if (rc == 0 && !out) rc = -1;
    if (out) {
        sf_write(out, buf, len);
        rc = sf_commit(out, err, errlen);
    }
    free(buf);
    if (rc != 0) unlink(path);
    return rc;
}
