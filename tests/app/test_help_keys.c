/* test_help_keys.c — the `?` overlay and README's key table both list every key the window handles (app/window/input.c, record.c, workbook_column.c). */
#include "demo_app.h"
#include <criterion/criterion.h>

#include "window/app.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every key input.c, record.c and workbook_column.c act on, as both lists spell it. A user-tester
 * found the help without Shift+L / Shift+K and README without A. */
static const char *const keys[] = {
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U",
    "V", "W", "X", "Y", "Z", "0", "1", "2", "3", "F1", "F2", "F3", "F5", "F11", "F12", "Esc", "Tab", "Home", "End",
    "PgDn", "PgUp", "Space", ".", "?", "[", "]", "Ctrl+B", "Ctrl+O", "Ctrl+R", "Ctrl+E", "Ctrl+S", "Ctrl+Q",
    "Shift+Z", "Shift+U", "Shift+Tab", "wheel",
};

/* tok appears in s as a whole token: no letter or digit right before or after it ("Z" is found in
 * "Shift+Z", not in "Zoom") */
static bool has_token(const char *s, const char *tok)
{
    size_t n = strlen(tok);
    for (const char *p = strstr(s, tok); p; p = strstr(p + 1, tok))
        if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n])) return true;
    return false;
}

typedef struct text { char *s; size_t n, cap; } text;

static void observe(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    text *t = ctx;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (t->n + n + 2 > t->cap) {
        t->cap = (t->n + n + 2) * 2;
        t->s = realloc(t->s, t->cap);
        cr_assert(t->s);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n++] = '\n';
    t->s[t->n] = 0;
}

/* The text a 1600x900 frame of the demo draws with the help overlay open (the workbook column too when
 * asked), one run a line; *help points at the overlay's part, from its title on. Free the result. */
static char *help_drawn(bool workbook, const char **help)
{
    ui_app a;
    demo_app_load(&a);
    char err[512];
    a.st.show_help = true;
    a.st.show_workbook = workbook;
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    text t = {0};
    rd_set_text_observer(rd, observe, &t);
    ui_app_draw(&a, rd);
    rd_end(rd);
    rd_free(rd);
    ui_app_free(&a);
    *help = t.s ? strstr(t.s, "\nKeys\n") : NULL;
    cr_assert(*help, "no help overlay drawn");
    return t.s;
}

Test(help_keys, help_overlay_lists_every_key)
{
    const char *help;
    char *all = help_drawn(false, &help);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) cr_expect(has_token(help, keys[i]), "help overlay lacks %s", keys[i]);
    cr_expect(strstr(help, "Shift: 70 s"), "help overlay lacks Shift+L / Shift+K (70 s)");
    free(all);
}

/* With the workbook column shown, the help says that the column's keys differ and names them (a
 * student pressed End, "to the end" on this sheet, and the column went to the next lesson). */
Test(help_keys, help_over_the_workbook_names_the_columns_keys)
{
    const char *help;
    char *all = help_drawn(true, &help);
    for (char *c = all + (help - all); *c; c++) if (*c == '\n') *c = ' '; /* a wrapped note reads on across its lines */
    cr_expect(strstr(help, "Home/End lesson") && strstr(help, "PgUp/PgDn question"), "the column's own keys are named: %.600s", help);
    free(all);
}

Test(help_keys, readme_key_table_lists_every_key)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024];
    snprintf(path, sizeof path, "%s/README.md", root);
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    /* the key column of the table headed "| key | action |", backticks dropped */
    char line[4096], col[8192] = "";
    bool in = false;
    size_t cl = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "| key | action |", 16)) { in = true; continue; }
        if (!in) continue;
        if (line[0] != '|') break;
        char *end = strchr(line + 1, '|');
        if (!end) continue;
        for (char *p = line + 1; p < end && cl < sizeof col - 2; p++) if (*p != '`') col[cl++] = *p;
        col[cl++] = '\n';
        col[cl] = 0;
    }
    fclose(f);
    cr_assert(in, "README has no \"| key | action |\" table");
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) cr_expect(has_token(col, keys[i]), "README's key table lacks %s", keys[i]);
    cr_expect(strstr(col, "Shift: 70 s"), "README's key table lacks Shift+L / Shift+K (70 s)");
}
