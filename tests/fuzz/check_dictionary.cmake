# The checked-in dictionary is what make_dictionary prints from the tables.
execute_process(COMMAND "${GENERATOR}" OUTPUT_VARIABLE generated RESULT_VARIABLE status)
file(READ "${DICTIONARY}" checked_in)
if(NOT status EQUAL 0 OR NOT generated STREQUAL checked_in)
  message(FATAL_ERROR "tests/fuzz/memory_config.dict is stale: regenerate it with fuzz_make_dictionary")
endif()
# libFuzzer refuses the whole dictionary over one byte outside printable
# ASCII: such bytes are written as \xNN.
string(REGEX MATCH "[^\n -~]" unprintable "${checked_in}")
if(NOT unprintable STREQUAL "")
  message(FATAL_ERROR "tests/fuzz/memory_config.dict holds a byte libFuzzer cannot read: write it as \\xNN")
endif()
