/* no_ca_bundle.c — linked into every Criterion test binary: Criterion's start-up need not parse the system's CA certificates in each test process. */
/*
 * Criterion initialises libgit2 (for its diffs) in every process it starts, one per test, and
 * Debian's libgit2, built on mbed TLS, then parses /etc/ssl/certs/ca-certificates.crt: ~150 PEM
 * certificates, found with strstr(). Under AddressSanitizer, whose strstr interceptor measures the
 * whole remaining bundle on every call, that was a sixth of an empty test's CPU (~22 ms of ~135 ms;
 * ~6 ms of ~35 ms without sanitizers), paid ~1,800 times in `make test`. No test opens a TLS
 * connection, so these two definitions, exported from the test binary (the Makefile's
 * --export-dynamic-symbol), take the place of mbed TLS's for libgit2: each loads nothing and says
 * so by succeeding. A libgit2 built without mbed TLS never calls them.
 */
int mbedtls_x509_crt_parse_file(void *chain, const char *path);
int mbedtls_x509_crt_parse_path(void *chain, const char *path);

int mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
    (void)chain, (void)path;
    return 0;
}

int mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
    (void)chain, (void)path;
    return 0;
}
