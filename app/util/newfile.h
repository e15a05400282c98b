/* newfile.h — a new file beside others that keeps them all (STEM.EXT, else STEM-2.EXT, ...), reserved by creating it empty, and the folder the window's pictures and exports go to. */
#ifndef RCUVIS_UTIL_NEWFILE_H
#define RCUVIS_UTIL_NEWFILE_H
#include <stddef.h>

/* Create STEM.EXT, or STEM-N.EXT for the first N from 2 that takes no existing file, empty, with mode
 * 0644; its name in path. 0, or -1 with errno set (path then names the last name tried). The caller
 * writes the finished file over it (util/safefile.h) or removes it. */
int nf_reserve(const char *stem, const char *ext, char *path, size_t n);

/* Where F12's pictures, Ctrl+E's numbers and the workbook's answers go: $XDG_PICTURES_DIR when it names
 * a folder (the browser page's is its downloads), else the working directory. */
const char *nf_pictures_dir(void);
#endif
