#include "TestEnvironment.h"

#include <stdlib.h>

// Runs when the test executable is loaded, before main and so before any thread: setenv is not
// safe beside threads reading the environment, and every process a test starts inherits it.
// A debug build of clubhouse or clubhouse-server then hashes new passwords at the cheap testing
// cost (ScryptPasswordHasher.Cost.debugVariable says why); one already set is left as it is.
__attribute__((constructor)) static void clubhouse_test_environment(void) {
    setenv(CLUBHOUSE_TEST_HASH_COST_VARIABLE, "testing", 0);
}

const char *clubhouse_test_hash_cost_variable(void) { return CLUBHOUSE_TEST_HASH_COST_VARIABLE; }
