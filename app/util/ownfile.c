/* ownfile.c — before replacing a file, check that it is of the kind rcuvis writes there (PNG, SVG, HTML, clips, traces, answers exports). */
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* past a UTF-8 byte order mark and white space: where a text format's first tag is */
static size_t text_start(const unsigned char *h, size_t n)
{
    size_t i = n >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF ? 3 : 0;
    while (i < n && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' || h[i] == '\n' || h[i] == '\f')) i++;
    return i;
}

static bool starts(const unsigned char *h, size_t n, size_t at, const char *word, bool any_case)
{
    size_t l = strlen(word);
    if (n - at < l) return false;
    return any_case ? !strncasecmp((const char *)h + at, word, l) : !memcmp(h + at, word, l);
}

bool of_looks_like(enum of_kind kind, const unsigned char *head, size_t n)
{
    if (kind == OF_PNG) return n >= sizeof png_sig && !memcmp(head, png_sig, sizeof png_sig);
    if (kind == OF_GIF) return n >= 6 && (!memcmp(head, "GIF87a", 6) || !memcmp(head, "GIF89a", 6));
    if (kind == OF_MP4) return n >= 8 && !memcmp(head + 4, "ftyp", 4); /* the file type box comes first */
    if (kind == OF_WEBM) return n >= 4 && head[0] == 0x1A && head[1] == 0x45 && head[2] == 0xDF && head[3] == 0xA3; /* EBML */
    size_t at = text_start(head, n);
    if (kind == OF_TRACE) return starts(head, n, at, "{\"t\":", false);
    if (kind == OF_ANSWERS) { /* the columns student, lesson and question, with any separator or order after the first */
        size_t end = at;
        while (end < n && head[end] != '\n' && head[end] != '\r') end++;
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(end - at), (const char *)head + at);
        return starts(head, n, at, "student", false) && strstr(line, "lesson") && strstr(line, "question");
    }
    /* an SVG may open with its XML declaration, its root, or a DOCTYPE naming svg (older editors) */
    if (kind == OF_SVG)
        return starts(head, n, at, "<?xml", false) || starts(head, n, at, "<svg", false) || starts(head, n, at, "<!DOCTYPE svg", true);
    return starts(head, n, at, "<!doctype html", true) || starts(head, n, at, "<html", true);
}

/* A few words on what the file holds, for the message: its first line when it is text, else its
 * first bytes in hex (a user recognises "my notes" sooner than a file type's name). */
static void describe(const unsigned char *h, size_t n, char *out, size_t outlen)
{
    bool text = true;
    for (size_t i = 0; i < n && text; i++) text = h[i] >= 0x20 || h[i] == '\n' || h[i] == '\r' || h[i] == '\t';
    if (text) {
        size_t at = text_start(h, n), end = at;
        while (end < n && h[end] != '\n' && h[end] != '\r' && end - at < 40) end++;
        /* not in the middle of a UTF-8 sequence */
        while (end > at && end < n && (h[end] & 0xC0) == 0x80) end--;
        bool more = end < n && h[end] != '\n' && h[end] != '\r'; /* cut inside the line, not at its end */
        snprintf(out, outlen, "text starting \"%.*s%s\"", (int)(end - at), (const char *)h + at, more ? "…" : "");
        for (char *p = out; *p; p++)
            if (*p == '\t') *p = ' ';
        return;
    }
    size_t l = (size_t)snprintf(out, outlen, "data starting with the bytes");
    for (size_t i = 0; i < n && i < 8 && l < outlen; i++) l += (size_t)snprintf(out + l, outlen - l, " %02x", h[i]);
}

static const char *kind_name(enum of_kind k)
{
    static const char *const names[] = {"a PNG picture", "an SVG picture", "an HTML page", "a GIF animation", "an MP4 video",
                                        "a WebM video", "an rcuvis trace", "an rcuvis answers export"};
    return names[k];
}

static const char *kind_start(enum of_kind k)
{
    static const char *const starts[] = {"the PNG signature (the bytes 89 50 4e 47 0d 0a 1a 0a)", "\"<?xml\" or \"<svg\"",
                                         "\"<!DOCTYPE html>\" or \"<html>\"", "\"GIF87a\" or \"GIF89a\"",
                                         "an ISO media \"ftyp\" box (bytes 4 to 7)", "the EBML header (the bytes 1a 45 df a3)",
                                         "an event line {\"t\": ... (rcuvis run --trace writes one per event)",
                                         "the header student,lesson,question,..."};
    return starts[k];
}

int of_check(const char *path, enum of_kind kind, bool *replaces, char *err, size_t errlen)
{
    *replaces = false;
    struct stat st, out;
    /* /dev/stderr, /dev/fd/3: one of our descriptors, written into and never replaced (safefile.h);
     * `--trace /dev/stderr 2>>log` appends to a log that is no trace */
    if (sf_own_fd(path) >= 0) return 0;
    if (stat(path, &st) != 0) return 0; /* nothing there (or a dangling link): safefile creates it */
    if (!S_ISREG(st.st_mode)) return 0; /* written through, or refused by safefile (a directory) */
    /* "--html /dev/stdout > page.html": the file is this process's own output, which may already hold
     * what rcuvis printed before the page (reproduce's table), not a user's file to protect */
    if (fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st.st_dev && out.st_ino == st.st_ino) return 0;
    *replaces = true;
    if (st.st_size == 0) return 0; /* nothing to lose */
    /* O_NONBLOCK: a FIFO put there since the stat() must not block the open; fstat() then says what
     * was opened */
    int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    unsigned char head[512];
    ssize_t n = -1;
    int e = 0;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        *replaces = false;
        return 0; /* no longer a plain file: written through, as any such */
    }
    if (fd >= 0) {
        do n = read(fd, head, sizeof head); while (n < 0 && errno == EINTR);
        e = errno;
        close(fd);
    } else e = errno;
    if (n < 0) {
        snprintf(err, errlen, "%s: cannot read it to see whether it is %s (%s); rcuvis replaces only %s: "
                 "remove it or choose another name", path, kind_name(kind), strerror(e), kind_name(kind));
        return -1;
    }
    if (of_looks_like(kind, head, (size_t)n)) return 0;
    char what[160];
    describe(head, (size_t)n, what, sizeof what);
    snprintf(err, errlen, "%s is not %s: expected a file starting with %s, found %s; rcuvis replaces only %s, "
             "so it was left as it was: remove it or choose another name", path, kind_name(kind), kind_start(kind), what,
             kind_name(kind));
    return -1;
}
