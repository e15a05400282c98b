/* export_target.c — `--export FILE` replaces only an earlier answers export (or an empty file), never a file of the user's typed by mistake. */
#include "workbook/classroom.h"
#include "util/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether the first line is an export's header: the columns student, lesson and question, in any
 * order and with any separator, as a spreadsheet saving the file again may reorder and re-separate
 * them (export.c reads such a file back, so it is an export to replace). */
static bool looks_like_export(const char *h, size_t n)
{
    size_t at = n >= 3 && !memcmp(h, "\xEF\xBB\xBF", 3) ? 3 : 0, end = at;
    while (end < n && h[end] != '\n' && h[end] != '\r') end++;
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)(end - at), h + at);
    return !strncmp(line, "student", 7) && strstr(line, "lesson") && strstr(line, "question");
}

/* The file's first line, for the message: a student recognises "My thesis" sooner than a file type. */
static void first_line(const char *h, size_t n, char *out, size_t outlen)
{
    size_t end = 0;
    while (end < n && end < 40 && h[end] != '\n' && h[end] != '\r' && h[end]) end++;
    while (end > 0 && end < n && ((unsigned char)h[end] & 0xC0) == 0x80) end--; /* not inside a UTF-8 letter */
    snprintf(out, outlen, "%.*s", (int)end, h);
}

int wb_export_check(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (!strcmp(path, "-") || sf_own_fd(path) >= 0) return 0; /* our stdout or a descriptor: written into */
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return 0; /* nothing to lose */
    /* O_NONBLOCK: a FIFO put there since the stat() must not block; fstat() says what was opened */
    int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot read it to see whether it is an earlier export (%s); --export replaces only "
                 "an rcuvis answers export: remove it or choose another name", path, strerror(errno));
        return -1;
    }
    char head[512];
    ssize_t n;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) { close(fd); return 0; }
    do n = read(fd, head, sizeof head); while (n < 0 && errno == EINTR);
    int e = errno;
    close(fd);
    if (n < 0) {
        snprintf(err, errlen, "%s: cannot read it to see whether it is an earlier export (%s); --export replaces only "
                 "an rcuvis answers export: remove it or choose another name", path, strerror(e));
        return -1;
    }
    if (looks_like_export(head, (size_t)n)) return 0;
    char found[64];
    first_line(head, (size_t)n, found, sizeof found);
    snprintf(err, errlen, "%s is not an rcuvis answers export: expected a file starting with the header "
             "student,lesson,question,..., found text starting \"%s\"; --export replaces only an earlier export, so it "
             "was left as it was: remove it or choose another name", path, found);
    return -1;
}
