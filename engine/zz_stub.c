/* zz_stub.c — TEMPORARY link stubs while the engine core is written; removed when it lands. */
#include "rcuvis.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
struct rv_engine { rv_config cfg; int64_t now; };
rv_engine *rv_engine_new(const rv_config *cfg, const rv_engine_opts *o, char *err, size_t n)
{ (void)o; if (rv_config_validate(cfg, err, n)) return NULL; rv_engine *e = calloc(1, sizeof *e); rv_config_copy(&e->cfg, cfg); return e; }
void rv_engine_free(rv_engine *e) { if (e) { rv_config_free(&e->cfg); free(e); } }
rv_engine *rv_engine_clone(const rv_engine *e) { rv_engine *c = calloc(1, sizeof *c); *c = *e; rv_config_copy(&c->cfg, &e->cfg); return c; }
int64_t rv_now_ns(const rv_engine *e) { return e->now; }
uint64_t rv_jiffies(const rv_engine *e) { return (uint64_t)(e->now / (1000000000 / e->cfg.hz)); }
int64_t rv_end_ns(const rv_engine *e) { return (int64_t)(e->cfg.duration_s * 1e9); }
const rv_config *rv_engine_config(const rv_engine *e) { return &e->cfg; }
void rv_run_until(rv_engine *e, int64_t t) { if (t > e->now) e->now = t; }
int64_t rv_step_event(rv_engine *e) { e->now += 1000000; return e->now; }
void rv_step_jiffy(rv_engine *e) { e->now += 1000000000 / e->cfg.hz; }
bool rv_step_gp_phase(rv_engine *e, int f, int64_t lim) { (void)f; e->now = lim; return false; }
int rv_engine_inject(rv_engine *e, const rv_inject *c, char *err, size_t n) { (void)e; (void)c; (void)err; (void)n; return 0; }
const char *rv_ev_name(enum rv_ev_type t) { (void)t; return "stub"; }
uint64_t rv_event_count(const rv_engine *e) { (void)e; return 0; }
const rv_event *rv_event_get(const rv_engine *e, uint64_t s) { (void)e; (void)s; return NULL; }
void rv_engine_set_sink(rv_engine *e, rv_event_sink s, void *c) { (void)e; (void)s; (void)c; }
int rv_event_to_json(const rv_event *ev, char *b, size_t n) { return snprintf(b, n, "{\"t\":%lld,\"ev\":\"stub\"}", (long long)ev->t); }
size_t rv_klog_count(const rv_engine *e) { (void)e; return 0; }
const char *rv_klog_line(const rv_engine *e, size_t i) { (void)e; (void)i; return ""; }
int64_t rv_klog_time(const rv_engine *e, size_t i) { (void)e; (void)i; return 0; }
int rv_cpus(const rv_engine *e) { return e->cfg.cpus; }
void rv_cpu_get(const rv_engine *e, int cpu, rv_cpu_view *o) { (void)e; memset(o, 0, sizeof *o); o->cpu = cpu; o->running_kthread = -1; }
int rv_tree_levels(const rv_engine *e) { (void)e; return 1; }
int rv_tree_nodes(const rv_engine *e) { (void)e; return 1; }
int rv_tree_level_count(const rv_engine *e, int l) { (void)e; (void)l; return 1; }
void rv_node_get(const rv_engine *e, int f, int n, rv_node_view *o) { (void)f; memset(o, 0, sizeof *o); o->index = n; o->parent = -1; o->grphi = e->cfg.cpus - 1; }
void rv_flavor_get(const rv_engine *e, int f, rv_flavor_view *o) { memset(o, 0, sizeof *o); o->enabled = e->cfg.rcu.flavors[f]; o->walk_node = -1; o->kthread_cpu = -1; }
int rv_explain(const rv_engine *e, int f, int c, int n, char *b, size_t sz) { (void)e; (void)f; (void)c; (void)n; return snprintf(b, sz, "stub"); }
void rv_report_build(const rv_engine *e, rv_report *r) { memset(r, 0, sizeof *r); snprintf(r->scenario, sizeof r->scenario, "%s", e->cfg.name); r->cpus = e->cfg.cpus; r->hz = e->cfg.hz; r->seed = e->cfg.seed; r->mode = e->cfg.rcu.mode; r->sim_seconds = e->now / 1e9; }
void rv_report_free(rv_report *r) { free(r->threads); free(r->stalls); r->threads = NULL; r->stalls = NULL; }
