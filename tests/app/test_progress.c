/* test_progress.c — progress survives crashes mid-write, corrupt files are set aside (never wiped), resets, paths. */
#include "workbook/progress.h"
#include "workbook/progress_file.h"
#include "workbook/json.h"
#include "util/safefile.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "rmtree.h"

static char dir[256], path[512];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/rcuvis-test-progress-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/state/rcuvis/progress.json", dir);
}

static void remove_dir(void)
{
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

TestSuite(progress, .init = make_dir, .fini = remove_dir);

static void write_file(const char *p, const char *text)
{
    char d[512];
    snprintf(d, sizeof d, "%s/state/rcuvis", dir);
    char err[256];
    cr_assert_eq(pf_mkdirs(d, err, sizeof err), 0, "%s", err);
    FILE *f = fopen(p, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

/* Number of directory entries whose name starts with prefix. */
static int count_files(const char *prefix)
{
    char d[512];
    snprintf(d, sizeof d, "%s/state/rcuvis", dir);
    DIR *dd = opendir(d);
    int n = 0;
    for (struct dirent *de; dd && (de = readdir(dd));) n += !strncmp(de->d_name, prefix, strlen(prefix));
    if (dd) closedir(dd);
    return n;
}

static void save_one(const char *qid, bool ok)
{
    progress p;
    char msg[1024];
    cr_assert_geq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    progress_record(&p, "workbook/1", qid, "b", ok, 1000);
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    progress_free(&p);
}

Test(progress, round_trip_and_missing_file_is_empty)
{
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "a missing file is empty progress");
    cr_expect_eq(p.n, 0);
    progress_record(&p, "workbook/1", "1.1", "a", false, 100);
    progress_record(&p, "workbook/1", "1.1", "b", true, 200);
    progress_entry *e = progress_get(&p, "workbook/2", "2.1", true);
    e->hinted = true;
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "the state directory is created: %s", msg);
    progress_free(&p);

    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    const progress_entry *a = progress_get(&p, "workbook/1", "1.1", false);
    cr_assert_not_null(a);
    cr_expect_eq(a->attempts, 2);
    cr_expect(a->correct);
    cr_expect_str_eq(a->last, "b");
    cr_expect_eq(a->updated, 200);
    cr_expect(progress_get(&p, "workbook/2", "2.1", false)->hinted);
    progress_free(&p);
    cr_expect_eq(count_files(".progress.json.rcuvis-tmp-"), 0, "no temp file is left behind");
}

/* The test hook: the process dies right here, at the stage named in the environment. */
static void die(enum sf_stage s, const char *tmp)
{
    (void)tmp;
    const char *want = getenv("RCUVIS_TEST_CRASH_STAGE");
    if (want && atoi(want) == (int)s) _exit(42);
}

/* A child process records a second answer and dies at `stage` of its save. */
static void crash_at(enum sf_stage stage)
{
    char st_s[8];
    snprintf(st_s, sizeof st_s, "%d", (int)stage);
    setenv("RCUVIS_TEST_CRASH_STAGE", st_s, 1);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        sf_test_hook = die;
        progress p;
        char msg[1024];
        if (progress_load(&p, path, msg, sizeof msg) < 0) _exit(3);
        progress_record(&p, "workbook/1", "1.2", "c", true, 2000);
        progress_save(&p, msg, sizeof msg);
        _exit(2); /* the hook should have ended us first */
    }
    int st;
    waitpid(pid, &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 42, "the child died inside the save (status %d)", st);
}

static void check_old_progress_intact(void)
{
    progress p;
    char msg[1024] = "";
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "the file is still valid after the crash: %s", msg);
    cr_expect_eq(p.n, 1, "only the answer saved before the crash is there");
    cr_expect_not_null(progress_get(&p, "workbook/1", "1.1", false));
    cr_expect_null(progress_get(&p, "workbook/1", "1.2", false), "the half-saved answer did not leak in");
    /* and the next save works despite the leftover temp file */
    progress_record(&p, "workbook/1", "1.3", "a", true, 3000);
    cr_expect_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    progress_free(&p);
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0);
    cr_expect_eq(p.n, 2);
    progress_free(&p);
}

Test(progress, crash_with_a_half_written_temp_file_keeps_old_progress)
{
    save_one("1.1", true);
    crash_at(SF_STAGE_PARTIAL);
    cr_expect_eq(count_files(".progress.json.rcuvis-tmp-"), 1, "the crash left its partial temp file");
    check_old_progress_intact();
    cr_expect_eq(count_files(".progress.json.rcuvis-tmp-"), 0, "the next start removed the dead process's temp file");
}

Test(progress, crash_between_write_and_rename_keeps_old_progress)
{
    save_one("1.1", true);
    crash_at(SF_STAGE_BEFORE_RENAME);
    check_old_progress_intact();
    cr_expect_eq(count_files(".progress.json.rcuvis-tmp-"), 0, "no temp file accumulates");
}

static void expect_set_aside(const char *content, const char *why)
{
    write_file(path, content);
    progress p;
    char msg[2048] = "";
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 1, "a corrupt file is reported: %s", msg);
    cr_expect_eq(p.n, 0, "the student starts with empty progress");
    cr_expect(strstr(msg, "is corrupt") && strstr(msg, why) && strstr(msg, "progress.json.corrupt-"), "the message says why and where: %s", msg);
    cr_expect_eq(access(path, F_OK), -1, "the corrupt file is no longer in the way");
    cr_expect_eq(count_files("progress.json.corrupt-"), 1, "it was renamed, not deleted");
    /* the set-aside copy is byte for byte what was there */
    const char *moved = strstr(msg, "moved it to ") + strlen("moved it to ");
    char mpath[1024];
    snprintf(mpath, sizeof mpath, "%.*s", (int)(strstr(moved, " and started") - moved), moved);
    char *kept = qj_read_file(mpath, NULL);
    cr_assert_not_null(kept, "%s exists", mpath);
    cr_expect_str_eq(kept, content);
    free(kept);
    cr_expect_eq(progress_save(&p, msg, sizeof msg), 0, "saving afterwards creates a fresh file");
    progress_free(&p);
}

Test(progress, corrupt_json_is_set_aside_with_a_message)
{
    expect_set_aside("{\"version\": 1, \"lessons\": {\"workbook/1\": {\"1.1\": {\"attempts\": 2,", "1:65: expected a key in double quotes, found end of file");
}

Test(progress, empty_file_is_set_aside)
{
    expect_set_aside("", "the file is empty");
}

Test(progress, wrong_shape_is_set_aside)
{
    expect_set_aside("{\"version\": 1, \"lessons\": [1, 2]}", "$.lessons: expected an object");
    remove_dir();
    make_dir();
    expect_set_aside("{\"version\": 1, \"lessons\": {\"workbook/1\": {\"1.1\": {\"attempts\": \"two\"}}}}",
                     "$.lessons.workbook/1.1.1: not a valid answer record");
    /* a time too large for the long long it becomes (1e400 reads as inf): refused before the cast */
    remove_dir();
    make_dir();
    expect_set_aside("{\"version\": 2, \"lessons\": {\"workbook/1\": {\"1.1\": {\"attempts\": 1, \"first_at\": 1e400}}}}",
                     "$.lessons.workbook/1.1.1: not a valid answer record");
}

Test(progress, newer_format_is_left_alone_and_not_overwritten)
{
    const char *text = "{\"version\": 3, \"lessons\": {}}";
    write_file(path, text);
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "newer rcuvis") != NULL, "%s", msg);
    cr_expect_eq(progress_save(&p, msg, sizeof msg), -1, "saving is refused rather than destroying newer data");
    char *now = qj_read_file(path, NULL);
    cr_expect_str_eq(now, text);
    free(now);
    progress_free(&p);
}

Test(progress, reset_one_lesson_or_all)
{
    progress p = {0};
    progress_record(&p, "workbook/1", "1.1", "a", true, 1);
    progress_record(&p, "workbook/1", "1.2", "a", true, 1);
    progress_record(&p, "workbook/2", "2.1", "a", true, 1);
    cr_expect_eq(progress_reset_lesson(&p, "workbook/1"), 2);
    cr_expect_eq(p.n, 1);
    cr_expect_not_null(progress_get(&p, "workbook/2", "2.1", false));
    progress_reset_all(&p);
    cr_expect_eq(p.n, 0);
    progress_free(&p);
}

Test(progress, two_processes_do_not_erase_each_others_answers)
{
    progress a, b;
    char msg[1024];
    save_one("1.1", true);
    cr_assert_eq(progress_load(&a, path, msg, sizeof msg), 0, "%s", msg);
    cr_assert_eq(progress_load(&b, path, msg, sizeof msg), 0, "%s", msg);
    progress_record(&a, "workbook/1", "1.2", "a", true, 10);
    cr_assert_eq(progress_save(&a, msg, sizeof msg), 0, "%s", msg);
    progress_record(&b, "workbook/2", "2.1", "c", false, 20);
    cr_assert_eq(progress_save(&b, msg, sizeof msg), 0, "%s", msg);
    cr_expect_not_null(progress_get(&b, "workbook/1", "1.2", false), "b now sees a's answer too");

    /* a resets lesson 1; b, still holding lesson 1 from before, answers in lesson 2 */
    progress_reset_lesson(&a, "workbook/1");
    cr_assert_eq(progress_save(&a, msg, sizeof msg), 0, "%s", msg);
    progress_record(&b, "workbook/2", "2.2", "a", true, 30);
    cr_assert_eq(progress_save(&b, msg, sizeof msg), 0, "%s", msg);
    progress c;
    cr_assert_eq(progress_load(&c, path, msg, sizeof msg), 0, "%s", msg);
    cr_expect_null(progress_get(&c, "workbook/1", "1.1", false), "a's reset is not undone by b's stale copy");
    cr_expect_null(progress_get(&c, "workbook/1", "1.2", false));
    cr_expect_not_null(progress_get(&c, "workbook/2", "2.1", false), "answers to other lessons survive");
    cr_expect_not_null(progress_get(&c, "workbook/2", "2.2", false));
    cr_expect_eq(c.n, 2);
    progress_free(&a); progress_free(&b); progress_free(&c);
}

Test(progress, default_path_follows_xdg_state_home)
{
    char buf[512];
    setenv("XDG_STATE_HOME", "/x/state", 1);
    cr_expect_str_eq(progress_default_path(buf, sizeof buf), "/x/state/rcuvis/progress.json");
    setenv("XDG_STATE_HOME", "relative/dir", 1);
    setenv("HOME", "/home/s", 1);
    cr_expect_str_eq(progress_default_path(buf, sizeof buf), "/home/s/.local/state/rcuvis/progress.json",
                     "a relative XDG_STATE_HOME is ignored, as the XDG spec says");
    unsetenv("XDG_STATE_HOME");
    cr_expect_str_eq(progress_default_path(buf, sizeof buf), "/home/s/.local/state/rcuvis/progress.json");
}

/* --- issue 11: locks, a file corrupted mid-session, odd paths and modes ------------------------ */

static int pause_in[2], pause_out[2];

/* The child stops just before its rename and waits for the parent to look at the lock. */
static void pause_before_rename(enum sf_stage s, const char *tmp)
{
    (void)tmp;
    if (s != SF_STAGE_BEFORE_RENAME) return;
    char c = 'p';
    if (write(pause_out[1], &c, 1) != 1 || read(pause_in[0], &c, 1) != 1) _exit(5);
}

Test(progress, a_save_holds_the_lock_through_read_merge_write)
{
    save_one("1.1", true);
    cr_assert_eq(pipe(pause_in), 0);
    cr_assert_eq(pipe(pause_out), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        sf_test_hook = pause_before_rename;
        progress p;
        char msg[1024];
        if (progress_load(&p, path, msg, sizeof msg) < 0) _exit(3);
        progress_record(&p, "workbook/1", "1.2", "c", true, 2000);
        _exit(progress_save(&p, msg, sizeof msg) == 0 ? 0 : 4);
    }
    char c;
    cr_assert_eq(read(pause_out[0], &c, 1), 1, "the child reached its rename");
    char lp[600];
    snprintf(lp, sizeof lp, "%s.lock", path);
    int fd = open(lp, O_RDWR | O_CREAT, 0600);
    cr_assert_geq(fd, 0);
    int got = flock(fd, LOCK_EX | LOCK_NB);
    int e = errno;
    close(fd);
    cr_expect(got == -1 && e == EWOULDBLOCK, "another process could enter its save while this one was writing");
    cr_assert_eq(write(pause_in[1], "g", 1), 1);
    int st;
    waitpid(pid, &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child status %d", st);
}

Test(progress, two_processes_answering_at_once_lose_nothing)
{
    enum { EACH = 40 };
    pid_t pids[2];
    for (int k = 0; k < 2; k++) {
        pids[k] = fork();
        cr_assert_geq(pids[k], 0);
        if (pids[k] == 0) {
            /* each process keeps its session open, like `rcuvis quiz`, and saves after every answer */
            progress p;
            char msg[1024], qid[24];
            if (progress_load(&p, path, msg, sizeof msg) < 0) _exit(3);
            for (int i = 0; i < EACH; i++) {
                snprintf(qid, sizeof qid, "%d.%d", k + 1, i);
                progress_record(&p, "workbook/1", qid, "a", true, i);
                if (progress_save(&p, msg, sizeof msg) != 0) _exit(4);
            }
            _exit(0);
        }
    }
    for (int k = 0; k < 2; k++) {
        int st;
        waitpid(pids[k], &st, 0);
        cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "writer %d status %d", k, st);
    }
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(p.n, 2 * EACH, "every answer of both processes is in the file (got %zu)", p.n);
    progress_free(&p);
}

Test(progress, corrupted_during_a_session_keeps_what_is_in_memory)
{
    save_one("1.1", true); /* an earlier session's answer */
    progress p;
    char msg[2048];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    progress_record(&p, "workbook/1", "1.2", "a", true, 10);
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(p.note, "");
    write_file(path, "{\"version\": 1, \"lessons\": {\"workbo"); /* someone breaks the file */
    progress_record(&p, "workbook/1", "1.3", "b", true, 20);
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    cr_expect(strstr(p.note, "is corrupt") && strstr(p.note, "progress.json.corrupt-") && strstr(p.note, "kept"),
              "the note says what happened: %s", p.note);
    progress_free(&p);
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    cr_expect_not_null(progress_get(&p, "workbook/1", "1.1", false), "the earlier session's answer survived");
    cr_expect_not_null(progress_get(&p, "workbook/1", "1.2", false), "this session's earlier answer survived");
    cr_expect_not_null(progress_get(&p, "workbook/1", "1.3", false));
    cr_expect_eq(count_files("progress.json.corrupt-"), 1, "the broken file was set aside, not deleted");
    progress_free(&p);
}

Test(progress, a_directory_in_the_way_is_named_as_such)
{
    char d[600];
    snprintf(d, sizeof d, "%s/state/rcuvis/progress.json", dir);
    char err[256];
    cr_assert_eq(pf_mkdirs(d, err, sizeof err), 0, "%s", err);
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "is a directory"), "%s", msg);
    cr_expect_eq(progress_save(&p, msg, sizeof msg), -1);
    progress_free(&p);
}

Test(progress, a_read_only_file_is_shown_but_never_replaced)
{
    save_one("1.1", true);
    cr_assert_eq(chmod(path, 0444), 0);
    char *before = qj_read_file(path, NULL);
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "read-only"), "%s", msg);
    cr_expect_not_null(progress_get(&p, "workbook/1", "1.1", false), "its answers are still shown");
    progress_record(&p, "workbook/1", "1.2", "a", true, 5);
    cr_expect_eq(progress_save(&p, msg, sizeof msg), -1);
    progress_free(&p);
    /* and the safe writer itself refuses it, even for root, who may write anything */
    cr_expect_eq(pf_write_atomic(path, "x", 1, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "read-only"), "%s", msg);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_expect_eq(st.st_mode & 07777, 0444, "mode kept");
    char *after = qj_read_file(path, NULL);
    cr_expect_str_eq(after, before, "content kept");
    free(before);
    free(after);
}

Test(progress, mode_and_symlink_are_kept)
{
    save_one("1.1", true);
    char real[600];
    snprintf(real, sizeof real, "%s/real-progress.json", dir);
    cr_assert_eq(rename(path, real), 0);
    cr_assert_eq(chmod(real, 0640), 0);
    cr_assert_eq(symlink(real, path), 0);
    save_one("1.2", true);
    struct stat st;
    cr_assert_eq(lstat(path, &st), 0);
    cr_expect(S_ISLNK(st.st_mode), "progress.json is still a symlink");
    cr_assert_eq(stat(real, &st), 0);
    cr_expect_eq(st.st_mode & 07777, 0640, "the target kept its mode (got %o)", st.st_mode & 07777);
    progress p;
    char msg[1024];
    cr_assert_eq(progress_load(&p, real, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(p.n, 2, "the answer went into the link's target");
    progress_free(&p);
}
