/* grade.c — judge a typed answer (letters, a number, yes/no) against a question and pick the feedback. */
#include "workbook/quiz.h"
#include "workbook/score.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void quiz_value_format(const quiz_value *v, char *buf, size_t bufsz)
{
    if (v->is_bool) snprintf(buf, bufsz, "%s", v->b ? "yes" : "no");
    else snprintf(buf, bufsz, "%.10g", v->num);
}

bool quiz_value_equal(const quiz_value *a, const quiz_value *b)
{
    if (a->is_bool != b->is_bool) return false;
    if (a->is_bool) return a->b == b->b;
    /* stored values are printed with up to 17 digits; allow only the last-bit noise of a round trip */
    return fabs(a->num - b->num) <= 1e-12 * fmax(1.0, fmax(fabs(a->num), fabs(b->num)));
}

static void trim(const char *in, char *out, size_t outsz)
{
    while (*in && isspace((unsigned char)*in)) in++;
    snprintf(out, outsz, "%s", in);
    size_t n = strlen(out);
    while (n && isspace((unsigned char)out[n - 1])) out[--n] = 0;
}

static void append(char *buf, size_t bufsz, const char *fmt, const char *a, const char *b)
{
    size_t n = strlen(buf);
    if (n + 1 < bufsz) snprintf(buf + n, bufsz - n, fmt, a, b);
}

/* "a c", "a,c", "AC" → bitmask of answers; -1 when a character is not a valid letter */
static long parse_letters(const char *s, size_t nanswers, int *count)
{
    long mask = 0;
    *count = 0;
    for (; *s; s++) {
        if (isspace((unsigned char)*s) || *s == ',') continue;
        int c = tolower((unsigned char)*s) - 'a';
        if (c < 0 || (size_t)c >= nanswers) return -1;
        if (!(mask & (1L << c))) (*count)++;
        mask |= 1L << c;
    }
    return mask;
}

/* A number as a student types it: "1000", "1e3", or with thousands grouped as the feedback prints
 * them, "1,000" or "100,000.5" (each comma followed by exactly three digits, before any point). */
static bool parse_number(const char *s, double *out)
{
    char buf[64], *end;
    if (!*s) return false;
    const char *comma = strchr(s, ',');
    if (comma && strlen(s) < sizeof buf) {
        size_t k = 0, run = 0;
        bool grouped = true, seen_digit = false, after_point = false;
        for (const char *p = s; *p; p++) {
            if (*p == ',') {
                grouped &= seen_digit && !after_point && (run <= 3) && isdigit((unsigned char)p[1]) &&
                           isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) && !isdigit((unsigned char)p[4]);
                run = 0;
                continue;
            }
            if (isdigit((unsigned char)*p)) { seen_digit = true; run++; }
            else if (*p == '.') after_point = true;
            buf[k++] = *p;
        }
        buf[k] = 0;
        if (!grouped) return false;
        s = buf;
    }
    *out = strtod(s, &end);
    while (*end && isspace((unsigned char)*end)) end++;
    return *end == 0 && isfinite(*out);
}

static bool in_range(double x, double lo, double hi)
{
    double eps = 1e-9 * fmax(1.0, fmax(fabs(lo), fabs(hi)));
    return x >= lo - eps && x <= hi + eps;
}

/* Letters are typed in the shown order; `o` maps them to the file's options. */
static void grade_letters(const quiz_question *q, const quiz_order *o, const char *in, quiz_result *out)
{
    int count;
    long shown_mask = parse_letters(in, q->nanswers, &count), mask = 0;
    for (size_t i = 0; shown_mask > 0 && i < q->nanswers; i++)
        if (shown_mask & (1L << i)) mask |= 1L << o->shown[i];
    if (shown_mask < 0) mask = -1;
    char last = (char)('a' + q->nanswers - 1);
    if (mask < 0 || count == 0 || (q->kind == QUIZ_CHOICE && count != 1)) {
        if (q->kind == QUIZ_CHOICE) snprintf(out->message, sizeof out->message, "Type one letter, a to %c.", last);
        else snprintf(out->message, sizeof out->message, "Type the letters of every answer you pick (a to %c), e.g. \"a c\".", last);
        return;
    }
    long want = 0;
    for (size_t i = 0; i < q->nanswers; i++) if (q->answers[i].correct) want |= 1L << i;
    size_t n = 0;
    for (size_t i = 0; i < q->nanswers; i++) /* progress keeps the file's letters */
        if ((mask & (1L << i)) && n + 2 < sizeof out->normalized) { out->normalized[n++] = (char)('a' + i); out->normalized[n] = 0; }
    for (size_t i = 0; i < q->nanswers; i++) /* feedback in the order and letters the student saw */
        if (shown_mask & (1L << i)) {
            char tag[8];
            snprintf(tag, sizeof tag, "(%c)", (char)('a' + i));
            const quiz_answer *a = &q->answers[o->shown[i]];
            append(out->message, sizeof out->message, q->kind == QUIZ_MULTI ? "%s %s\n" : "%.0s%s\n", tag,
                   a->feedback ? a->feedback : "");
        }
    out->status = mask == want;
    if (q->kind == QUIZ_MULTI && !out->status) {
        int right = 0, wrong = 0, total = 0;
        for (size_t i = 0; i < q->nanswers; i++) {
            bool picked = mask & (1L << i), good = want & (1L << i);
            right += picked && good; wrong += picked && !good; total += good;
        }
        char line[160];
        snprintf(line, sizeof line, "Not the full set: %d of the %d right answers picked, %d wrong one%s.\n", right, total,
                 wrong, wrong == 1 ? "" : "s");
        append(out->message, sizeof out->message, "%s%s", line, "");
    }
}

/* After a wrong number, which way the right one lies: two wrong answers on opposite sides of it
 * would otherwise get the same words. Nothing when x falls between two right ranges. Far off (past
 * twice the right range's top, under half its bottom, for positive ranges) says so: a student who
 * answered 28, then 8, for 5.8 was told "too high" twice in the same words, and could not tell
 * whether the second guess had come closer. The factor gives no more of the answer away than that. */
static void add_direction(quiz_result *out, double x, double lo, double hi)
{
    const char *dir = x < lo ? (lo > 0 && x < lo / 2 ? "far too low (under half of what counts as right)" : "too low")
                    : x > hi ? (hi > 0 && x > hi * 2 ? "far too high (over twice what counts as right)" : "too high")
                             : NULL;
    if (!dir) return;
    size_t n = strlen(out->message);
    if (n + 1 < sizeof out->message)
        snprintf(out->message + n, sizeof out->message - n, "%sYour number is %s.", n ? "\n" : "", dir);
}

static void grade_numeric(const quiz_question *q, const char *in, quiz_result *out)
{
    double x;
    if (!parse_number(in, &x)) { snprintf(out->message, sizeof out->message, "Type a number."); return; }
    snprintf(out->normalized, sizeof out->normalized, "%.10g", x);
    out->status = 0;
    bool matched = false;
    for (size_t i = 0; i < q->nanswers && !matched; i++)
        if (in_range(x, q->answers[i].lo, q->answers[i].hi)) {
            matched = true;
            out->status = q->answers[i].correct;
            snprintf(out->message, sizeof out->message, "%s", q->answers[i].feedback ? q->answers[i].feedback : "");
        }
    if (!matched) snprintf(out->message, sizeof out->message, "%s", q->otherwise ? q->otherwise : "No, that is not it.");
    if (out->status) return;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < q->nanswers; i++)
        if (q->answers[i].correct) { lo = fmin(lo, q->answers[i].lo); hi = fmax(hi, q->answers[i].hi); }
    if (lo <= hi) add_direction(out, x, lo, hi);
}

static void grade_predict(const quiz_question *q, const char *in, quiz_result *out)
{
    bool ok;
    double x = 0;
    if (q->expected.is_bool) {
        bool yes = !strcasecmp(in, "y") || !strcasecmp(in, "yes") || !strcasecmp(in, "true") || !strcmp(in, "1");
        bool no = !strcasecmp(in, "n") || !strcasecmp(in, "no") || !strcasecmp(in, "false") || !strcmp(in, "0");
        if (!yes && !no) { snprintf(out->message, sizeof out->message, "Type yes or no."); return; }
        snprintf(out->normalized, sizeof out->normalized, "%s", yes ? "yes" : "no");
        ok = yes == q->expected.b;
    } else {
        if (!parse_number(in, &x)) { snprintf(out->message, sizeof out->message, "Type a number."); return; }
        snprintf(out->normalized, sizeof out->normalized, "%.10g", x);
        double tol = quiz_tolerance(q);
        ok = in_range(x, q->expected.num - tol, q->expected.num + tol);
    }
    out->status = ok;
    const char *fb = ok ? q->fb_correct : q->fb_incorrect;
    snprintf(out->message, sizeof out->message, "%s",
             fb ? fb : ok ? "Right: that is what the simulation does." : "That is not what the simulation does.");
    if (!ok && !q->expected.is_bool && q->measure.kind != QM_HOLDOUT_CPU) { /* a CPU number has no "higher" */
        double tol = quiz_tolerance(q);
        add_direction(out, x, q->expected.num - tol, q->expected.num + tol);
    }
}

void quiz_grade(const quiz_question *q, const char *input, quiz_result *out) { quiz_grade_ordered(q, NULL, input, out); }

void quiz_grade_ordered(const quiz_question *q, const quiz_order *o, const char *input, quiz_result *out)
{
    quiz_order file_order;
    if (!o) { quiz_order_identity(q, &file_order); o = &file_order; }
    memset(out, 0, sizeof *out);
    out->status = -1;
    char in[256];
    trim(input ? input : "", in, sizeof in);
    switch (q->kind) {
    case QUIZ_CHOICE:
    case QUIZ_MULTI: grade_letters(q, o, in, out); break;
    case QUIZ_NUMERIC: grade_numeric(q, in, out); break;
    case QUIZ_PREDICT: grade_predict(q, in, out); break;
    default: snprintf(out->message, sizeof out->message, "This kind of question cannot be answered."); break;
    }
    /* feedback lines end with '\n' when several are joined; drop the last one for tidy printing */
    size_t n = strlen(out->message);
    if (n && out->message[n - 1] == '\n') out->message[n - 1] = 0;
}

double quiz_tolerance(const quiz_question *q)
{
    return q->tolerance_pct > 0 ? fabs(q->expected.num) * q->tolerance_pct / 100 : q->tolerance;
}

void quiz_correct_answer(const quiz_question *q, char *buf, size_t bufsz) { quiz_correct_answer_ordered(q, NULL, buf, bufsz); }

void quiz_correct_answer_ordered(const quiz_question *q, const quiz_order *o, char *buf, size_t bufsz)
{
    quiz_order file_order;
    if (!o) { quiz_order_identity(q, &file_order); o = &file_order; }
    buf[0] = 0;
    switch (q->kind) {
    case QUIZ_CHOICE:
    case QUIZ_MULTI:
        for (size_t i = 0; i < q->nanswers; i++)
            if (q->answers[o->shown[i]].correct) {
                size_t n = strlen(buf);
                snprintf(buf + n, bufsz - n, "%s%c", n ? ", " : "", (char)('a' + i));
            }
        break;
    case QUIZ_NUMERIC:
        for (size_t i = 0; i < q->nanswers; i++)
            if (q->answers[i].correct) {
                const quiz_answer *a = &q->answers[i];
                if (a->lo == a->hi) snprintf(buf, bufsz, "%.10g", a->lo);
                else snprintf(buf, bufsz, "%.10g to %.10g", a->lo, a->hi);
                break;
            }
        break;
    case QUIZ_PREDICT:
        quiz_value_format(&q->expected, buf, bufsz);
        if (!q->expected.is_bool && quiz_tolerance(q) > 0) {
            size_t n = strlen(buf);
            if (q->tolerance_pct > 0) {
                /* the share's worth, to 3 significant digits, never in exponent form (1580, not 1.58e+03) */
                double tol = quiz_tolerance(q);
                int digits = tol > 0 ? (int)floor(log10(tol)) + 1 : 1;
                if (digits > 3) {
                    double unit = pow(10, digits - 3);
                    snprintf(buf + n, bufsz - n, " (give or take %g%%, %.0f)", q->tolerance_pct, round(tol / unit) * unit);
                } else snprintf(buf + n, bufsz - n, " (give or take %g%%, %.3g)", q->tolerance_pct, tol);
            }
            else snprintf(buf + n, bufsz - n, " (give or take %.10g)", q->tolerance);
        }
        break;
    default: break;
    }
}
