# Compiles launcher_release.cpp as a launcher's Release build does:
# -O2, warnings as errors (g++ -O2 finds what -O0 never looks for).
execute_process(
  COMMAND "${CXX}" -std=c++17 -O2 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -I "${INCLUDE_DIR}"
          -c "${SOURCE}" -o "${OUTPUT}"
  ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "a launcher's -O2 -Werror build fails:\n${errors}")
endif()
