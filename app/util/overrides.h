/* overrides.h — the --set PATH=VALUE and --cpus N options of `rcuvis run` and `rcuvis shot`, checked and turned into scenario overrides. */
#ifndef RCUVIS_UTIL_OVERRIDES_H
#define RCUVIS_UTIL_OVERRIDES_H

#include <stdbool.h>
#include <stddef.h>

/* Is flag one of the options ov_option() takes ("--set", "--cpus")? */
bool ov_is_option(const char *flag);
/* The printf format that makes such an option's text its override: "cpus=%s" for --cpus, "%s" for
 * --set (NULL for another flag). For a caller that builds the override itself. */
const char *ov_format(const char *flag);

/* One --set or --cpus option (flag as typed, text its value) as the override it stands for: *item,
 * malloc'd, is "PATH=VALUE" ("cpus=N" for --cpus N), for the scenario loader. A value the loader
 * could only misread is refused here, so the message names the option typed: --set without "=" or
 * with nothing before it, --cpus that is not an integer from 1 to 4096 (util/numparse.h's words).
 * 0; -1 with err (no prefix: each command adds its own); -2 out of memory. */
int ov_option(const char *flag, const char *text, char **item, char *err, size_t errlen);

#endif
