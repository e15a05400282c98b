/* temp_json.h — tests: write a scenario text to a fresh /tmp/...-XXXXXX.json file (mkstemps). */
#ifndef RCUVIS_TESTS_TEMP_JSON_H
#define RCUVIS_TESTS_TEMP_JSON_H

#include <criterion/criterion.h>

#include <string.h>
#include <unistd.h>

/* tmpl ends in "XXXXXX.json" and gets the file's name; the caller unlinks it. */
static inline void write_temp_json(char *tmpl, const char *text)
{
    int fd = mkstemps(tmpl, 5);
    cr_assert(fd >= 0, "mkstemps %s", tmpl);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text), "writing %s", tmpl);
    close(fd);
}

#endif
