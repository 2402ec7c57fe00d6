# The program's own assertion handler stops it at the broken precondition:
# exit status 3 and the handler's line, nothing after it.
#   cmake -DPROGRAM=<assert_override test program> -DBROKEN=<precondition> -DMESSAGE=<its message> -P assert_override.cmake
execute_process(COMMAND "${PROGRAM}" "${BROKEN}" RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 3 OR NOT out STREQUAL "launcher: stopped: ${MESSAGE}\n")
  message(FATAL_ERROR "${BROKEN}: expected exit 3 and the handler's line; got ${status}: ${out}")
endif()
