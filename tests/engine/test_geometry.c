/* test_geometry.c — the rcu_node tree is shaped the kernel's way: levels, node counts, balanced leaves, masks and links. */
#include "engine_fixtures.h"

/* Build an engine of n CPUs at fanout/leaf and check levels and the total node count. */
static rv_engine *tree(int cpus, int fanout, int leaf)
{
    rv_config cfg;
    fx_config(&cfg, cpus, RV_MODE_KTHREAD);
    cfg.rcu.fanout = fanout;
    cfg.rcu.fanout_leaf = leaf;
    return fx_engine(&cfg, NULL);
}

static void expect_shape(int cpus, int fanout, int leaf, int levels, int nodes)
{
    rv_engine *e = tree(cpus, fanout, leaf);
    cr_expect_eq(rv_tree_levels(e), levels, "%d CPUs at %d/%d: levels", cpus, fanout, leaf);
    cr_expect_eq(rv_tree_nodes(e), nodes, "%d CPUs at %d/%d: nodes", cpus, fanout, leaf);
    rv_engine_free(e);
}

/* Links and masks that every tree must satisfy, checked over all nodes and CPUs. */
static void check_consistency(const rv_engine *e)
{
    int nodes = rv_tree_nodes(e), levels = rv_tree_levels(e);
    int sum = 0;
    for (int l = 0; l < levels; l++) sum += rv_tree_level_count(e, l);
    cr_assert_eq(sum, nodes, "levels add up to the node count");
    rv_node_view root = fx_node(e, RV_SCHED, 0);
    cr_expect_eq(root.parent, -1);
    cr_expect_eq(root.level, 0);
    cr_expect_eq(root.grplo, 0);
    cr_expect_eq(root.grphi, rv_cpus(e) - 1);
    for (int n = 1; n < nodes; n++) {
        rv_node_view v = fx_node(e, RV_SCHED, n);
        rv_node_view p = fx_node(e, RV_SCHED, v.parent);
        cr_assert(v.parent >= 0 && v.parent < n, "node %d: parent %d comes first (breadth-first)", n, v.parent);
        cr_expect_eq(v.level, p.level + 1, "node %d: one level below its parent", n);
        cr_expect(n >= p.first_child && n < p.first_child + p.nchildren, "node %d among parent %d's children", n, v.parent);
        cr_expect_eq(v.grpnum, n - p.first_child, "node %d: grpnum is its position under the parent", n);
        cr_expect_eq(v.grpmask, 1ul << v.grpnum, "node %d: grpmask = 1 << grpnum", n);
        cr_expect(v.grplo >= p.grplo && v.grphi <= p.grphi, "node %d: CPU range inside the parent's", n);
        cr_expect_neq(p.qsmaskinit & v.grpmask, 0ul, "node %d: its bit is set in the parent's qsmaskinit", n);
    }
    /* every CPU's leaf holds it, and the leaf's qsmaskinit has its bit */
    for (int c = 0; c < rv_cpus(e); c++) {
        rv_cpu_view cv = fx_cpu(e, c);
        rv_node_view lf = fx_node(e, RV_SCHED, cv.leaf);
        cr_expect_eq(lf.level, levels - 1, "cpu %d sits on a leaf", c);
        cr_expect(c >= lf.grplo && c <= lf.grphi, "cpu %d within leaf %d's %d-%d", c, cv.leaf, lf.grplo, lf.grphi);
        cr_expect_neq(lf.qsmaskinit & (1ul << (c - lf.grplo)), 0ul, "cpu %d's bit in its leaf", c);
    }
}

Test(geometry, one_to_sixteen_cpus_is_a_single_node)
{
    for (int n = 1; n <= 16; n++) expect_shape(n, 64, 16, 1, 1);
}

Test(geometry, node_counts_at_64_16)
{
    expect_shape(17, 64, 16, 2, 3);
    expect_shape(64, 64, 16, 2, 5);
    expect_shape(1024, 64, 16, 2, 65);
    expect_shape(1025, 64, 16, 3, 1 + 2 + 65);
}

Test(geometry, four_thousand_cpus_is_261_nodes_in_three_levels)
{
    rv_engine *e = tree(4096, 64, 16);
    cr_assert_eq(rv_tree_levels(e), 3);
    cr_expect_eq(rv_tree_nodes(e), 261);
    cr_expect_eq(rv_tree_level_count(e, 0), 1);
    cr_expect_eq(rv_tree_level_count(e, 1), 4);
    cr_expect_eq(rv_tree_level_count(e, 2), 256);
    cr_expect_eq(rv_tree_level_count(e, 3), 0, "no fourth level");
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.tree_nodes, 261);
    cr_expect_eq(r.nodes_per_level[0], 1);
    cr_expect_eq(r.nodes_per_level[1], 4);
    cr_expect_eq(r.nodes_per_level[2], 256);
    rv_report_free(&r);
    check_consistency(e);
    /* the last leaf holds CPUs 4080-4095 under level-1 node 4 */
    rv_node_view last = fx_node(e, RV_SCHED, 260);
    cr_expect_eq(last.grplo, 4080);
    cr_expect_eq(last.grphi, 4095);
    cr_expect_eq(last.parent, 4);
    cr_expect_eq(last.grpnum, 63);
    rv_engine_free(e);
}

Test(geometry, leaves_are_balanced)
{
    rv_engine *e = tree(20, 64, 16);
    cr_assert_eq(rv_tree_nodes(e), 3);
    rv_node_view a = fx_node(e, RV_SCHED, 1), b = fx_node(e, RV_SCHED, 2);
    cr_expect_eq(a.grplo, 0);
    cr_expect_eq(a.grphi, 9, "20 CPUs at leaf 16 give leaves of 10, not 16+4");
    cr_expect_eq(b.grplo, 10);
    cr_expect_eq(b.grphi, 19);
    cr_expect_eq(a.qsmaskinit, 0x3fful);
    cr_expect_eq(b.qsmaskinit, 0x3fful);
    rv_node_view root = fx_node(e, RV_SCHED, 0);
    cr_expect_eq(root.nchildren, 2);
    cr_expect_eq(root.first_child, 1);
    cr_expect_eq(root.qsmaskinit, 0x3ul);
    cr_expect_eq(fx_cpu(e, 9).leaf, 1);
    cr_expect_eq(fx_cpu(e, 10).leaf, 2);
    check_consistency(e);
    rv_engine_free(e);
}

Test(geometry, links_and_masks_are_consistent)
{
    int sizes[] = {1, 7, 16, 17, 33, 64, 100, 1000, 1100};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        rv_engine *e = tree(sizes[i], 64, 16);
        check_consistency(e);
        rv_engine_free(e);
    }
    rv_engine *e = tree(100, 4, 2); /* a deep tree: 4 levels */
    cr_expect_eq(rv_tree_levels(e), 4, "100 CPUs at 4/2 need 4 levels (capacity 32 in 3)");
    cr_expect_eq(rv_tree_nodes(e), 1 + 4 + 13 + 50);
    check_consistency(e);
    rv_engine_free(e);
}

Test(geometry, every_flavor_has_its_own_identical_tree)
{
    rv_engine *e = tree(40, 64, 16);
    for (int n = 0; n < rv_tree_nodes(e); n++) {
        rv_node_view s = fx_node(e, RV_SCHED, n), b = fx_node(e, RV_BH, n), p = fx_node(e, RV_PREEMPT, n);
        cr_expect(s.grplo == b.grplo && s.grplo == p.grplo && s.grphi == b.grphi && s.grphi == p.grphi);
        cr_expect(s.qsmaskinit == b.qsmaskinit && s.qsmaskinit == p.qsmaskinit);
    }
    rv_engine_free(e);
}

Test(geometry, fanout_leaf_32_changes_the_counts)
{
    expect_shape(32, 64, 32, 1, 1);
    expect_shape(33, 64, 32, 2, 3);
    expect_shape(64, 64, 32, 2, 3);
    expect_shape(1024, 64, 32, 2, 33);
    expect_shape(2048, 64, 32, 2, 65);
    expect_shape(4096, 64, 32, 3, 1 + 2 + 128);
    rv_engine *e = tree(40, 64, 32);
    rv_node_view a = fx_node(e, RV_SCHED, 1);
    cr_expect_eq(a.grphi, 19, "40 CPUs at leaf 32: two leaves of 20");
    rv_engine_free(e);
}

Test(geometry, thirty_two_bit_fanout_capacities)
{
    expect_shape(512, 32, 16, 2, 1 + 32);
    expect_shape(513, 32, 16, 3, 1 + 2 + 33);
}

/* 3.6: the tree is sized by NR_CPUS, so a distro kernel walks 261 nodes on an 8-CPU box. */
Test(geometry, nr_cpus_sizing_of_3_6)
{
    rv_config cfg;
    fx_config(&cfg, 8, RV_MODE_SOFTIRQ);
    cfg.rcu.size_tree_by_nr_cpus = false;
    cfg.rcu.nr_cpus_compiled = 4096;
    rv_engine *e = fx_engine(&cfg, NULL);
    cr_expect_eq(rv_tree_nodes(e), 261);
    cr_expect_eq(rv_tree_levels(e), 3);
    /* only the first leaf (node 5) and its ancestors have online CPUs */
    cr_expect_eq(fx_node(e, RV_SCHED, 5).qsmaskinit, 0xfful);
    cr_expect_eq(fx_node(e, RV_SCHED, 6).qsmaskinit, 0ul);
    cr_expect_eq(fx_node(e, RV_SCHED, 260).qsmaskinit, 0ul);
    cr_expect_eq(fx_node(e, RV_SCHED, 1).qsmaskinit, 0x1ul);
    cr_expect_eq(fx_node(e, RV_SCHED, 2).qsmaskinit, 0ul);
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit, 0x1ul);
    for (int c = 0; c < 8; c++) cr_expect_eq(fx_cpu(e, c).leaf, 5);
    rv_engine_free(e);

    /* 3.7 (sized by nr_cpu_ids): the same box has one node */
    cfg.rcu.size_tree_by_nr_cpus = true;
    e = fx_engine(&cfg, NULL);
    cr_expect_eq(rv_tree_nodes(e), 1);
    rv_engine_free(e);
}

Test(geometry, out_of_range_node_views_are_empty)
{
    rv_engine *e = tree(17, 64, 16);
    rv_node_view v = fx_node(e, RV_SCHED, 3);
    cr_expect_eq(v.parent, -1);
    cr_expect_eq(v.qsmaskinit, 0ul);
    v = fx_node(e, 7, 0);
    cr_expect_eq(v.parent, -1);
    cr_expect_eq(rv_tree_level_count(e, -1), 0);
    cr_expect_eq(rv_tree_level_count(e, 2), 0);
    rv_engine_free(e);
}
