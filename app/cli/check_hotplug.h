/* check_hotplug.h — `rcuvis check`'s judgement of a scenario's hotplug events before any run. */
#ifndef RCUVIS_CHECK_HOTPLUG_H
#define RCUVIS_CHECK_HOTPLUG_H

#include "rcuvis.h"

#include <stdio.h>

#include <stddef.h>

/* Errors (printed on stderr as "rcuvis: FILE: $.events[i]: ...", counted in *errors) and warnings
 * (printed, returned) about cfg's online/offline events: an online of a CPU that is online then, an
 * offline of one that is offline or of the last online CPU. An error when the file alone makes it
 * certain, a warning when it only likely happens. Printed on err. With errors NULL (run, which goes
 * on and reports the event not applied) a certain one is a warning too ("warning: ... can never be
 * applied: ..."), counted in the return value. */
size_t check_hotplug(const rv_config *cfg, const char *file, FILE *err, size_t *errors);

#endif
