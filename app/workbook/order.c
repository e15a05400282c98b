/* order.c — the order a student sees a question's options in: seeded by student, question and attempt. */
#include "workbook/score.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Why shuffle: in the file the right answer was nearly always (a) and a reader could score well
 * without reading. The order is a pure function of (student id, question id, attempt), so it is
 * stable while a question is open (the attempt is counted when the question is opened), differs
 * between students, and changes when a student comes back to a question after answering it.
 * Progress and grading keep the file's letters, so progress files stay valid whatever the order.
 */

void quiz_order_identity(const quiz_question *q, quiz_order *o)
{
    o->n = q->nanswers < sizeof o->shown ? q->nanswers : sizeof o->shown;
    for (size_t i = 0; i < o->n; i++) o->shown[i] = (unsigned char)i;
}

/* FNV-1a over the text, then splitmix64 steps as the random stream: small, portable, well mixed */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 0x100000001b3ULL; }
    return h ^ 0xff; /* a separator, so ("ab","c") and ("a","bc") differ */
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void quiz_order_make(const quiz_question *q, const char *student, int attempt, quiz_order *o)
{
    quiz_order_identity(q, o);
    if (q->kind != QUIZ_CHOICE && q->kind != QUIZ_MULTI) return;
    char att[24];
    snprintf(att, sizeof att, "%d", attempt);
    uint64_t state = fnv1a(fnv1a(fnv1a(0xcbf29ce484222325ULL, student ? student : ""), q->id), att);
    /* Fisher-Yates; the modulo bias of a 64-bit draw over at most 8 slots is negligible */
    for (size_t i = o->n; i > 1; i--) {
        size_t j = (size_t)(splitmix64(&state) % i);
        unsigned char t = o->shown[i - 1];
        o->shown[i - 1] = o->shown[j];
        o->shown[j] = t;
    }
}

char quiz_order_letter(const quiz_order *o, size_t file_index)
{
    for (size_t i = 0; i < o->n; i++)
        if (o->shown[i] == file_index) return (char)('a' + i);
    return '?';
}
