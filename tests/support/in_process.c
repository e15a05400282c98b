/* in_process.c — preloaded into a Criterion test binary: runs all its tests one after another in that one process, without a process per test. */
/*
 * Criterion starts a fresh process for every test (BoxFort: fork, then exec of the test binary).
 * Under AddressSanitizer that start is dear: ASan's set-up, the dynamic loading of the ~90 libraries
 * SDL2 and SDL2_ttf pull in, and LeakSanitizer's scan of every library's globals at exit cost
 * ~150 ms of CPU per test here, about a third of the ASan lane of `make test`. tools/unit.sh
 * --in-process preloads this file's shared object (LD_PRELOAD) into an unchanged Criterion binary:
 * its `main` and the few functions a compiled Test() calls (criterion_internal_test_setup/main/
 * teardown, criterion_send_assert, criterion_abort_test) take the place of libcriterion's, so the
 * binary runs its tests in order in one process and LeakSanitizer scans once, at its exit.
 *
 * What the per-test process gave and this does not: isolation. A test that crashes ends the run (the
 * sanitizer's report names it), and state one test leaves in the process is seen by the next.
 *
 * With IN_PROCESS_FORK=1 (tools/unit.sh --forked, the plain tree's lane of make test) each test runs
 * in a child fork()ed from this runner before it has run any test: a process per test, isolated as
 * under Criterion's runner (a crash fails that test only, and no state reaches the next), but without
 * an exec, so without the dynamic loading of those ~90 libraries again for every test (~25 ms of CPU a
 * test here, a third of it in the kernel). So every test still runs isolated once (plain) and under the
 * sanitizers once (ASan, in one process, where state left behind also shows).
 *
 * Supported: Test() and TestSuite() with .init, .fini and .timeout (SIGALRM, as Criterion's own
 * timeout, a safety net for a hung test), cr_assert*() and cr_expect*(); --filter PATTERN (matched
 * with fnmatch(3) and FNM_EXTMATCH, which reads the !(...) and @(...) patterns tools/test-all.sh
 * uses), --list, and --jobs N (accepted, ignored: one test at a time). A binary using anything else
 * (parameterized tests, theories, an expected signal or exit code, cr_redirect_*()) needs Criterion's
 * runner: the run stops with status 77 rather than run it wrongly, and tools/unit.sh runs it there.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <link.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const struct criterion_test *current_test;
static const struct criterion_suite *current_suite;
static sigjmp_buf test_exit;   /* where a failed cr_assert() leaves the running phase */
static bool test_failed;
static bool phase_aborted;

/* The executable's cr_tst or cr_sts section (arrays of pointers Test() and TestSuite() put there),
 * found from its section headers and moved by the executable's load address. */
typedef struct {
    void **start;
    size_t count;
} section_span;

static int find_load_bias(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    *(ElfW(Addr) *)data = info->dlpi_addr; /* the first object listed is the executable */
    return 1;
}

static bool read_at(int fd, off_t off, void *buf, size_t n)
{
    return pread(fd, buf, n, off) == (ssize_t)n;
}

static section_span find_section(const char *name)
{
    section_span span = {0};
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return span;
    ElfW(Ehdr) eh;
    ElfW(Shdr) strtab;
    if (!read_at(fd, 0, &eh, sizeof eh) ||
        !read_at(fd, (off_t)(eh.e_shoff + (size_t)eh.e_shstrndx * sizeof(ElfW(Shdr))), &strtab, sizeof strtab)) {
        close(fd);
        return span;
    }
    char *names = malloc(strtab.sh_size);
    if (names && read_at(fd, (off_t)strtab.sh_offset, names, strtab.sh_size)) {
        ElfW(Addr) bias = 0;
        dl_iterate_phdr(find_load_bias, &bias);
        for (unsigned i = 0; i < eh.e_shnum; i++) {
            ElfW(Shdr) sh;
            if (!read_at(fd, (off_t)(eh.e_shoff + (size_t)i * sizeof sh), &sh, sizeof sh)) break;
            if (sh.sh_name < strtab.sh_size && !strcmp(names + sh.sh_name, name)) {
                span.start = (void **)(bias + sh.sh_addr);
                span.count = sh.sh_size / sizeof(void *);
                break;
            }
        }
    }
    free(names);
    close(fd);
    return span;
}

typedef struct {
    const struct criterion_test *test;
    const struct criterion_suite *suite;
    char id[512];
} test_entry;

static int by_id(const void *a, const void *b)
{
    return strcmp(((const test_entry *)a)->id, ((const test_entry *)b)->id);
}

static void nothing(void) {}

static void on_timeout(int sig)
{
    (void)sig;
    static const char msg[] = "[----] timed out: ";
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, current_test->category, strlen(current_test->category)) < 0 ||
        write(2, "::", 2) < 0 || write(2, current_test->name, strlen(current_test->name)) < 0 || write(2, "\n", 1) < 0) {
        /* nothing more can be said */
    }
    _exit(1);
}

/* Called by the test's trampoline, in this order, as by Criterion's worker. */
void criterion_internal_test_setup(void)
{
    if (!sigsetjmp(test_exit, 0)) {
        if (current_suite && current_suite->data && current_suite->data->init) current_suite->data->init();
        (current_test->data->init ? current_test->data->init : nothing)();
    } else {
        phase_aborted = true;
    }
}

void criterion_internal_test_main(void (*fn)(void))
{
    if (phase_aborted) return; /* Criterion's worker aborts when a fixture's assertion fails */
    if (!sigsetjmp(test_exit, 0)) fn();
}

void criterion_internal_test_teardown(void)
{
    if (phase_aborted) return; /* ...and runs no .fini after it: what .init left half done stays */
    if (!sigsetjmp(test_exit, 0)) {
        (current_test->data->fini ? current_test->data->fini : nothing)();
        if (current_suite && current_suite->data && current_suite->data->fini) current_suite->data->fini();
    }
}

void criterion_send_assert(struct criterion_assert_stats *stats)
{
    if (stats->passed) return;
    test_failed = true;
    fprintf(stderr, "[----] %s:%u: Assertion Failed\n[----]   %s\n", stats->file, stats->line,
            stats->message ? stats->message : "");
}

void criterion_abort_test(void)
{
    siglongjmp(test_exit, 1);
}

/* What a fresh process would start each test with: the environment and the working directory as
 * the run began (tests set XDG_* and RCUVIS_DATA for themselves, not always back). */
static char **start_env;
static char start_cwd[4096];

static void remember_start(void)
{
    size_t n = 0;
    while (environ[n]) n++;
    start_env = calloc(n + 1, sizeof *start_env);
    for (size_t i = 0; start_env && i < n; i++) start_env[i] = strdup(environ[i]);
    if (!getcwd(start_cwd, sizeof start_cwd)) start_cwd[0] = 0;
}

static void restore_start(void)
{
    clearenv();
    for (size_t i = 0; start_env && start_env[i]; i++) putenv(start_env[i]); /* kept: putenv keeps the string */
    if (start_cwd[0] && chdir(start_cwd) != 0) fprintf(stderr, "in_process: cannot return to %s\n", start_cwd);
}

/* The exit status that tells tools/unit.sh to run the binary with Criterion's runner instead. */
enum { NEEDS_CRITERION = 77 };

/* cr_redirect_stdout() and its kin, called by a fixture or a test: they talk to Criterion's runner,
 * which is not here. The run stops there and tools/unit.sh runs the binary again with Criterion's. */
static void needs_criterion(const char *what)
{
    fprintf(stderr, "in_process: %s::%s calls %s, which needs Criterion's own runner\n",
            current_test ? current_test->category : "?", current_test ? current_test->name : "?", what);
    fflush(NULL);
    _exit(NEEDS_CRITERION);
}
void cr_redirect_stdout(void) { needs_criterion("cr_redirect_stdout()"); }
void cr_redirect_stderr(void) { needs_criterion("cr_redirect_stderr()"); }
void cr_redirect_stdin(void) { needs_criterion("cr_redirect_stdin()"); }

static int usage(const char *why)
{
    fprintf(stderr, "in_process: %s\nusage: TEST_BINARY [--filter PATTERN] [--list] [--jobs N]\n", why);
    return 2;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What one test's run came to: a child's exit status in IN_PROCESS_FORK mode (a failed test's
 * assertions have printed their messages by then; a timed-out one exits from on_timeout()). */
enum { RAN_PASSED = 0, RAN_FAILED = 1, RAN_INIT_FAILED = 3 };

/* One test in this process: its .timeout armed, then the trampoline (setup, main, teardown). */
static int run_here(const test_entry *e)
{
    current_test = e->test;
    current_suite = e->suite;
    test_failed = phase_aborted = false;
    double timeout = e->test->data ? e->test->data->timeout : 0;
    if (timeout <= 0 && e->suite && e->suite->data) timeout = e->suite->data->timeout;
    if (timeout > 0) {
        signal(SIGALRM, on_timeout);
        struct itimerval it = {.it_value = {.tv_sec = (time_t)timeout,
                                            .tv_usec = (suseconds_t)((timeout - (double)(time_t)timeout) * 1e6)}};
        setitimer(ITIMER_REAL, &it, NULL);
    }
    e->test->test();
    if (timeout > 0) setitimer(ITIMER_REAL, &(struct itimerval){0}, NULL);
    return phase_aborted ? RAN_INIT_FAILED : test_failed ? RAN_FAILED : RAN_PASSED;
}

int main(int argc, char **argv)
{
    unsetenv("LD_PRELOAD"); /* programs a test starts (the CLI under test) run as they would */
    const char *fork_mode = getenv("IN_PROCESS_FORK");
    const bool forked = fork_mode && *fork_mode && strcmp(fork_mode, "0");
    unsetenv("IN_PROCESS_FORK");
    const char *filter = NULL;
    bool list = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
        else if (!strncmp(argv[i], "--filter=", 9)) filter = argv[i] + 9;
        else if (!strcmp(argv[i], "--list")) list = true;
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) i++;
        else if (!strncmp(argv[i], "--jobs=", 7) || !strncmp(argv[i], "-j", 2)) continue;
        else return usage("unknown option (run the binary without tools/unit.sh --in-process for Criterion's own)");
    }

    section_span tests = find_section("cr_tst"), suites = find_section("cr_sts");
    if (!tests.start) return usage("no cr_tst section in /proc/self/exe: not a Criterion test binary");
    test_entry *entries = calloc(tests.count ? tests.count : 1, sizeof *entries);
    size_t n = 0;
    for (size_t i = 0; i < tests.count; i++) {
        const struct criterion_test *t = tests.start[i];
        if (!t || !t->category || !*t->category || !t->name || !*t->name) continue;
        if (t->data && (t->data->param_ || t->data->kind_ != CR_TEST_NORMAL || t->data->signal || t->data->exit_code)) {
            fprintf(stderr, "in_process: %s::%s needs Criterion's own runner (parameters, or an expected signal or exit code)\n",
                    t->category, t->name);
            free(entries);
            return NEEDS_CRITERION;
        }
        test_entry *e = &entries[n++];
        e->test = t;
        snprintf(e->id, sizeof e->id, "%s/%s", t->category, t->name);
        for (size_t k = 0; k < suites.count; k++) {
            const struct criterion_suite *s = suites.start[k];
            if (s && s->name && !strcmp(s->name, t->category)) e->suite = s;
        }
    }
    qsort(entries, n, sizeof *entries, by_id);
    if (!forked) remember_start(); /* a forked child starts from it as it is: nothing to restore */

    size_t tested = 0, passing = 0, crashing = 0;
    for (size_t i = 0; i < n; i++) {
        test_entry *e = &entries[i];
        if (filter && fnmatch(filter, e->id, FNM_EXTMATCH) != 0) continue;
        if (e->test->data && e->test->data->disabled) continue;
        if (e->suite && e->suite->data && e->suite->data->disabled) continue;
        if (list) {
            printf("%s\n", e->id);
            continue;
        }
        double t0 = seconds_now();
        int outcome;
        if (forked) {
            fflush(NULL); /* nothing buffered here may be written again by the child */
            pid_t pid = fork();
            if (pid < 0) {
                perror("in_process: fork");
                free(entries);
                return 2;
            }
            if (pid == 0) {
                int r = run_here(e);
                fflush(NULL);
                _exit(r);
            }
            int st;
            while (waitpid(pid, &st, 0) < 0)
                if (errno != EINTR) { perror("in_process: waitpid"); free(entries); return 2; }
            if (WIFEXITED(st) && WEXITSTATUS(st) == NEEDS_CRITERION) { free(entries); return NEEDS_CRITERION; }
            outcome = WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st);
        } else {
            outcome = run_here(e);
            restore_start();
        }
        tested++;
        if (outcome == RAN_PASSED) {
            passing++;
        } else if (outcome < 0) {
            crashing++;
            fprintf(stderr, "[FAIL] %s::%s: CRASH! (signal %d, %s) (%.2fs)\n", e->test->category, e->test->name, -outcome,
                    strsignal(-outcome), seconds_now() - t0);
        } else {
            fprintf(stderr, "[FAIL] %s::%s: (%.2fs)%s\n", e->test->category, e->test->name, seconds_now() - t0,
                    outcome == RAN_INIT_FAILED ? " (in its .init fixture)" : "");
        }
    }
    free(entries);
    if (list) return 0;
    fprintf(stderr, "[====] Synthesis: Tested: %zu | Passing: %zu | Failing: %zu | Crashing: %zu \n", tested, passing,
            tested - passing, crashing);
    return passing == tested ? 0 : 1;
}
