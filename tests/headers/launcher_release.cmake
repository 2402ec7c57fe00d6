# Compiles each of SOURCES (separated by "|") as a launcher's Release build
# does: -O2, warnings as errors (g++ -O2 finds what -O0 never looks for:
# -Warray-bounds, -Wdangling-pointer).
string(REPLACE "|" ";" SOURCES "${SOURCES}")
foreach(source IN LISTS SOURCES)
  execute_process(
    COMMAND "${CXX}" -std=c++17 -O2 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -I "${INCLUDE_DIR}"
            -c "${source}" -o "${OUTPUT_DIR}/launcher_release.o"
    ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "a launcher's -O2 -Werror build of ${source} fails:\n${errors}")
  endif()
endforeach()
