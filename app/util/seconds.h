/* seconds.h — simulated nanoseconds written as exact seconds, as a user typed them ("80.0078125", "60"). */
#ifndef RCUVIS_UTIL_SECONDS_H
#define RCUVIS_UTIL_SECONDS_H

#include <stddef.h>
#include <stdint.h>

/* ns >= 0 as seconds to the nanosecond, no trailing zeros and no lone point: %g said 80.0078 for
 * 80.0078125 and 12 for 12.000000001, which are other moments. */
void exact_seconds(char *buf, size_t n, int64_t ns);

#endif
