#ifndef CLUBHOUSE_TEST_ENVIRONMENT_H
#define CLUBHOUSE_TEST_ENVIRONMENT_H

/// The variable the test executable sets as it loads (ScryptPasswordHasher.Cost.debugVariable).
#define CLUBHOUSE_TEST_HASH_COST_VARIABLE "CLUBHOUSE_DEBUG_HASH_COST"

/// Its name, so that Swift can check it is the one the library reads.
const char *clubhouse_test_hash_cost_variable(void);

#endif
