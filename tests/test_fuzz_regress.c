/*
** test_fuzz_regress.c: every input that ever crashed a fuzz target (tests/fuzz/regress/), and the
** seed corpora, run through the same target bodies in an ordinary build.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "fuzz/targets.h"

static int run_dir(const char *dir, int (*target)(const uint8_t *, size_t)) {
    DIR *dp = opendir(dir);
    cr_assert(dp, "no directory %s", dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        cr_assert(f, "%s", path);
        static uint8_t buf[1 << 20];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        target(buf, len);
        n++;
    }
    closedir(dp);
    return n;
}

Test(fuzz_regress, notation) {
    run_dir(TEST_SRCDIR "/tests/fuzz/regress/notation", fuzz_notation);
    cr_assert_gt(run_dir(TEST_SRCDIR "/tests/fuzz/seeds/notation", fuzz_notation), 0);
}

Test(fuzz_regress, record, .timeout = 120) {
    run_dir(TEST_SRCDIR "/tests/fuzz/regress/record", fuzz_record);
    cr_assert_gt(run_dir(TEST_SRCDIR "/tests/fuzz/seeds/record", fuzz_record), 0);
}

Test(fuzz_regress, loaders, .timeout = 120) {
    run_dir(TEST_SRCDIR "/tests/fuzz/regress/loaders", fuzz_loaders);
    cr_assert_gt(run_dir(TEST_SRCDIR "/tests/fuzz/seeds/loaders", fuzz_loaders), 0);
}
