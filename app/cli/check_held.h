/* check_held.h — `rcuvis check`'s warnings about events due on a CPU that a scripted kernel loop or reader holds then. */
#ifndef RCUVIS_CHECK_HELD_H
#define RCUVIS_CHECK_HELD_H

#include "rcuvis.h"

#include <stdio.h>

#include <stddef.h>

/* Warnings ("warning: FILE: $.events[i]: ..." on out, counted in the return value) about timed
 * idle, synchronize and kernel_loop events due on a CPU while a timed kernel_loop or rcu_sched /
 * rcu_bh long_reader of the file holds it; the engine refuses those. Warnings, not errors: the
 * holding event may itself not apply. Offline events are check_hotplug()'s. */
size_t check_held(const rv_config *cfg, const char *file, FILE *out);

#endif
