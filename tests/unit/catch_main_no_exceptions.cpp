// Catch2's main for the -fno-exceptions build of the core tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
