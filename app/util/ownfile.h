/* ownfile.h — replace only a file of the kind rcuvis writes there: a picture over a picture, a trace over a trace, an answers export over one, never over a user's notes. */
#ifndef RCUVIS_UTIL_OWNFILE_H
#define RCUVIS_UTIL_OWNFILE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * util/safefile.h makes a write atomic and keeps symlinks and devices; it does not ask what the file
 * it replaces holds. A name typed by mistake (-o notes.png over the talk's notes) then loses a file
 * that rcuvis never made. The writers of one kind of file ask here first: a regular file that does
 * not start as that kind does is refused, with what was expected and what was found.
 *  - nothing there (a dangling symlink included): fine, *replaces false;
 *  - an empty regular file, or one that starts as `kind` does: fine, *replaces true;
 *  - a pipe, device or socket: fine, *replaces false (it is written through, never replaced, and
 *    reading a FIFO to look would take the data meant for its reader);
 *  - a directory: fine here; safefile refuses it with its own message;
 *  - a regular file of another kind, or one that cannot be read to tell: -1 and a message.
 * A symlink is followed to the file it names, as the write will follow it.
 */
/* an APNG is a PNG; OF_TRACE is `rcuvis run --trace`'s JSON lines, each an event starting {"t":;
 * OF_ANSWERS is `rcuvis quiz --export`'s CSV, whose header a spreadsheet may re-separate or reorder */
enum of_kind { OF_PNG, OF_SVG, OF_HTML, OF_GIF, OF_MP4, OF_WEBM, OF_TRACE, OF_ANSWERS };

/* 0, with *replaces saying whether a file is there to be replaced; or -1 with err: "PATH is not a PNG
 * picture: expected a file starting with the PNG signature (...), found text starting "my notes";
 * rcuvis replaces only a PNG picture, so it was left as it was: remove it or choose another name". */
int of_check(const char *path, enum of_kind kind, bool *replaces, char *err, size_t errlen);

/* Whether the first n bytes of a file (n may be less than the file) start as kind does. */
bool of_looks_like(enum of_kind kind, const unsigned char *head, size_t n);
#endif
