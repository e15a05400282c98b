/* utf8.c — the small UTF-8 edits typed text needs: Backspace takes a whole character, never half of "é". */
#include "util/utf8.h"

#include <string.h>

void utf8_pop(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && ((unsigned char)s[n - 1] & 0xC0) == 0x80) n--; /* continuation bytes */
    if (n > 0) n--;                                                    /* the lead byte */
    s[n] = 0;
}
