# Fails if <npu/memory_config.hpp> pulls in anything but the standard
# library and the project's own core headers (nlohmann_json sits in a system
# include directory, so compiling alone would not catch a stray include).
execute_process(
  COMMAND "${CXX}" -std=c++17 -I "${INCLUDE_DIR}" -x c++ -M "${INCLUDE_DIR}/npu/memory_config.hpp"
  OUTPUT_VARIABLE dependencies
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "could not list the dependencies of memory_config.hpp")
endif()
string(REGEX MATCHALL "[^ \\\n]+\\.h(pp)?" headers "${dependencies}")
list(LENGTH headers count)
if(count LESS 10)
  message(FATAL_ERROR "implausibly few dependencies (${count}): the check is broken")
endif()
foreach(header IN LISTS headers)
  if(header MATCHES "nlohmann|/json" AND NOT header MATCHES "memory_config\\.hpp$")
    message(FATAL_ERROR "the core header depends on ${header}")
  endif()
endforeach()
message(STATUS "memory_config.hpp depends on ${count} headers, none outside the standard library and the core")
