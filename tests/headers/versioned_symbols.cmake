# Fails unless launch_with(const npu::MemoryConfig&) is mangled with the
# inline namespace npu::v2 (Itanium ABI: N3npu2v212MemoryConfigE).
execute_process(COMMAND "${NM}" ${OBJECTS} OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nm failed on ${OBJECTS}")
endif()
if(NOT symbols MATCHES "_Z11launch_withRKN3npu2v212MemoryConfigE")
  message(FATAL_ERROR "launch_with is not mangled with npu::v2:\n${symbols}")
endif()
message(STATUS "launch_with(const npu::MemoryConfig&) is _Z11launch_withRKN3npu2v212MemoryConfigE")
