# Fails when a Catch2 test name would be misread by CTest or Catch2 itself:
# CTest cuts a name at ';' (the rest of the case then never runs), a name
# starting with '-' is taken for a command-line flag (the binary prints its
# help and "passes"), and brackets read as a tag filter.
#   cmake -DBINARY=<test binary> -P test_names.cmake
execute_process(COMMAND "${BINARY}" --list-test-names-only OUTPUT_VARIABLE names RESULT_VARIABLE status)
if(NOT status EQUAL 0 AND NOT status GREATER 0)
  message(FATAL_ERROR "${BINARY} --list-test-names-only failed")
endif()
string(REPLACE ";" "<semicolon>" names "${names}")
string(REPLACE "\n" ";" names "${names}")
set(count 0)
foreach(name IN LISTS names)
  if(name STREQUAL "")
    continue()
  endif()
  math(EXPR count "${count} + 1")
  if(name MATCHES "<semicolon>" OR name MATCHES "^-" OR name MATCHES "[][]")
    message(FATAL_ERROR "test name CTest or Catch2 would misread: ${name}")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no test names from ${BINARY}")
endif()
message(STATUS "${count} test names, none starting with '-' or holding ';' or brackets")
