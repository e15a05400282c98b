/* test_quiz_text.c — the workbook's prose survives the terminal: no quoted piece whose meaning is a space the wrap can drop. */
#include <criterion/criterion.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

/* `rcuvis quiz` wraps prose at spaces, and a space at a line break disappears. A double-quoted piece
 * that starts or ends with a space ("} ", " (t=...") is exactly such a space: question 4.1, about
 * counting the spaces of a stall line, lost them at the wrap. Count every such piece in s. */
static int fragile_quotes(const char *s, const char *where)
{
    int bad = 0;
    for (const char *open = strchr(s, '"'); open; ) {
        const char *close = strchr(open + 1, '"');
        if (!close) break;
        if (close > open + 1 && (open[1] == ' ' || close[-1] == ' ')) {
            fprintf(stderr, "%s: quoted piece with a space at its edge: %.*s\n", where, (int)(close + 1 - open), open);
            bad++;
        }
        open = strchr(close + 1, '"');
    }
    return bad;
}

static int walk(const cJSON *j, const char *path)
{
    int bad = 0;
    if (cJSON_IsString(j)) return fragile_quotes(j->valuestring, path);
    char sub[512];
    int i = 0;
    for (const cJSON *c = j->child; c; c = c->next, i++) {
        if (c->string) snprintf(sub, sizeof sub, "%s.%s", path, c->string);
        else snprintf(sub, sizeof sub, "%s[%d]", path, i);
        bad += walk(c, sub);
    }
    return bad;
}

Test(quiz_text, no_quoted_piece_starts_or_ends_with_a_space)
{
    const char *r = getenv("RCUVIS_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%s/quizzes/workbook.json", r && *r ? r : ".");
    char *text = slurp(path);
    cr_assert(text, "cannot read %s", path);
    cJSON *j = cJSON_Parse(text);
    cr_assert(j, "%s does not parse", path);
    int bad = walk(j, "workbook");
    cJSON_Delete(j);
    free(text);
    cr_expect_eq(bad, 0, "%d quoted pieces in the workbook begin or end with a space (listed on stderr)", bad);
}

Test(quiz_text, the_checker_sees_a_fragile_quote)
{
    cr_expect_eq(fragile_quotes("prints \"} \" and then \" (t=\"", "sample"), 2);
    cr_expect_eq(fragile_quotes("the \"dti\" credit", "sample"), 0);
}
