/* test_cblist.c — callback lists (engine/callbacks.c): segments as records move, and the order in which a dead CPU's callbacks are adopted. */
#include <criterion/criterion.h>

#include "internal.h"

/* The record at position i (from head) of a list. */
static const cb_rec *rec_at(const cblist *l, uint64_t i) { return &l->ring[(l->head + i) & (l->cap - 1)]; }

static void push(cblist *l, uint64_t id, long n)
{
    cb_rec r = {.id = id, .n = n};
    cblist_append(l, &r);
}

/* rcu_adopt_orphan_cbs(): the dead CPU's done callbacks join the end of the adopter's own done ones
 * (*rsp->orphan_donetail = *rdp->nxttail[RCU_DONE_TAIL]; *rdp->nxttail[RCU_DONE_TAIL] = orphan_donelist),
 * in their order; its others follow the adopter's NEXT. The engine put them in front of everything
 * (engine review). Deterministic: lists built by hand, the adopter's ring wrapped around and full. */
Test(cblist, adopted_done_callbacks_follow_the_adopters_own)
{
    rcu_data rda[2];
    memset(rda, 0, sizeof rda);
    rcu_state rs;
    memset(&rs, 0, sizeof rs);
    rs.rda = rda;
    cblist *dst = &rda[0].cbl, *src = &rda[1].cbl;
    cblist_init(dst);
    cblist_init(src);
    /* wrap the adopter's ring: fill and drain some records first */
    for (uint64_t i = 0; i < 13; i++) push(dst, 900 + i, 1);
    for (int k = 0; k < 3; k++) cblist_advance(dst);
    dst->head = dst->tail[0] = dst->tail[1] = dst->tail[2] = dst->end; /* all invoked */
    memset(dst->seg, 0, sizeof dst->seg);
    push(dst, 1, 3); push(dst, 2, 4);                       /* A1 A2: done */
    for (int k = 0; k < 3; k++) cblist_advance(dst);
    push(dst, 3, 5);                                        /* B: next-ready */
    cblist_advance(dst);
    push(dst, 4, 6);                                        /* C: next */
    push(src, 11, 7); push(src, 12, 8);                     /* dead CPU: D1 D2 done */
    for (int k = 0; k < 3; k++) cblist_advance(src);
    push(src, 13, 9);                                       /* E: next */
    rda[0].qlen = 3 + 4 + 5 + 6;
    rda[1].qlen = 7 + 8 + 9;
    cr_assert_eq(dst->seg[RV_DONE_TAIL], 7);
    long moved = cblist_orphan(NULL, &rs, 1, 0);
    cr_expect_eq(moved, 24);
    const uint64_t want[] = {1, 2, 11, 12, 3, 4, 13};
    cr_assert_eq(dst->end - dst->head, 7u);
    for (uint64_t i = 0; i < 7; i++) cr_expect_eq(rec_at(dst, i)->id, want[i], "position %llu: record %llu, want %llu",
                                                   (unsigned long long)i, (unsigned long long)rec_at(dst, i)->id,
                                                   (unsigned long long)want[i]);
    cr_expect_eq(dst->seg[RV_DONE_TAIL], 3 + 4 + 7 + 8, "done: both CPUs' done callbacks");
    cr_expect_eq(dst->seg[RV_WAIT_TAIL], 0);
    cr_expect_eq(dst->seg[RV_NEXT_READY_TAIL], 5);
    cr_expect_eq(dst->seg[RV_NEXT_TAIL], 6 + 9);
    cr_expect_eq(dst->tail[0] - dst->head, 4u, "four done records");
    cr_expect_eq(dst->tail[2] - dst->head, 5u, "then the next-ready one");
    cr_expect_eq(rda[0].qlen, 3 + 4 + 5 + 6 + 7 + 8 + 9);
    cblist_free(dst);
    cblist_free(src);
}
