/* seconds.c — simulated nanoseconds as exact seconds for messages and result lines. */
#include "util/seconds.h"

#include <stdio.h>

void exact_seconds(char *buf, size_t n, int64_t ns)
{
    int l = snprintf(buf, n, "%lld.%09lld", (long long)(ns / 1000000000LL), (long long)(ns % 1000000000LL));
    while (l > 0 && (size_t)l < n && buf[l - 1] == '0') buf[--l] = 0;
    if (l > 0 && (size_t)l < n && buf[l - 1] == '.') buf[--l] = 0;
}
