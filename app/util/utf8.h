/* utf8.h — the small UTF-8 edits typed text needs (Backspace in the glossary search, the caption editor, the workbook's answer). */
#ifndef RCUVIS_UTIL_UTF8_H
#define RCUVIS_UTIL_UTF8_H

/* Remove the last whole UTF-8 character of s (its continuation bytes with it); nothing when s is empty. */
void utf8_pop(char *s);
#endif
