# --output never loses data: a failing run leaves the target as it was and no
# temporary file behind; a passing run replaces it whole, keeping its mode,
# and only after the new text is on disk; the folder is flushed after.
#   -DTOOL=<path> -DWORK=<scratch dir> -DCONFIGS=<examples/configs>
#   -DSYNC_TRACE=<the sync_trace.cpp module>
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(target "${WORK}/options.json")
file(WRITE "${target}" "precious\n")
file(CHMOD "${target}" PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ)

function(expect_listing what)
  file(GLOB entries RELATIVE "${WORK}" "${WORK}/*" "${WORK}/.*")
  list(SORT entries)
  if(NOT "${entries}" STREQUAL "${ARGN}")
    message(FATAL_ERROR "${what}: the folder holds [${entries}], expected [${ARGN}]")
  endif()
endfunction()

# run_tool(<exit> [PREFIX <command...> --] <tool arguments...>)
function(run_tool expected_status)
  set(prefix "")
  if(ARGV1 STREQUAL "PREFIX")
    list(FIND ARGN "--" end)
    math(EXPR length "${end} - 1")
    list(SUBLIST ARGN 1 ${length} prefix)
    math(EXPR end "${end} + 1")
    list(SUBLIST ARGN ${end} -1 ARGN)
  endif()
  execute_process(COMMAND ${prefix} "${CMAKE_COMMAND}" -E env --unset=GE_USE_STATIC_MEMORY "${TOOL}" ${ARGN}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status STREQUAL "${expected_status}")
    message(FATAL_ERROR "npu-memcfg ${ARGN}: exit ${status}, expected ${expected_status}\n${err}")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "npu-memcfg ${ARGN}: stdout should be empty with --output, got ${out}")
  endif()
endfunction()

# An invalid configuration: exit 1, target untouched, nothing left over.
run_tool(1 --static-memory-policy 9 --output "${target}")
file(READ "${target}" content)
if(NOT content STREQUAL "precious\n")
  message(FATAL_ERROR "a failing run changed the target: ${content}")
endif()
expect_listing("after a failing run" options.json)

# A usage error: the same.
run_tool(2 --format yaml --output "${target}")
file(READ "${target}" content)
if(NOT content STREQUAL "precious\n")
  message(FATAL_ERROR "a usage error changed the target: ${content}")
endif()

# The write itself fails (over a file-size limit, as on a full disk): exit 2,
# the old text intact, no temporary file left.
run_tool(2 PREFIX prlimit --fsize=16 -- "${CONFIGS}/recommender.json" --output "${target}")
file(READ "${target}" content)
if(NOT content STREQUAL "precious\n")
  message(FATAL_ERROR "a failed write changed the target: ${content}")
endif()
expect_listing("after a failed write" options.json)

# A target that cannot be replaced (a directory): exit 2, directory intact, no temporary left.
file(MAKE_DIRECTORY "${WORK}/a-directory")
run_tool(2 "${CONFIGS}/recommender.json" --output "${WORK}/a-directory")
expect_listing("after renaming onto a directory failed" a-directory options.json)
file(REMOVE_RECURSE "${WORK}/a-directory")

# A folder that does not exist: exit 2, nothing created.
run_tool(2 "${CONFIGS}/recommender.json" --output "${WORK}/missing/options.json")
expect_listing("after writing into a missing folder" options.json)

# A valid run replaces the file whole and keeps its permissions.
run_tool(0 "${CONFIGS}/recommender.json" --format tf2 --memory-optimization-policy null --output "${target}")
file(READ "${target}" content)
if(NOT content MATCHES "^\\{\n  \"atomic_clean_policy\": \"1\",\n.*\n\\}\n$")
  message(FATAL_ERROR "the written file is not the TF2 map: ${content}")
endif()
expect_listing("after a passing run" options.json)
execute_process(COMMAND stat -c %a "${target}" OUTPUT_VARIABLE mode OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT mode STREQUAL "640")
  message(FATAL_ERROR "the target's mode changed to ${mode}")
endif()

# The new text replaces the file instead of overwriting it: a hard link to
# the old file still holds the old text, and a reader never sees half a file.
file(WRITE "${target}" "precious\n")
file(CREATE_LINK "${target}" "${WORK}/old-link")
run_tool(0 "${CONFIGS}/recommender.json" --output "${target}")
file(READ "${WORK}/old-link" content)
if(NOT content STREQUAL "precious\n")
  message(FATAL_ERROR "the old file was overwritten in place: ${content}")
endif()
file(REMOVE "${WORK}/old-link")

# The new text is on disk before the rename, and the folder's entry after it.
# (A target that already holds the output is not written at all.)
set(trace "${WORK}/../sync-trace.log")
file(REMOVE "${trace}")
file(WRITE "${target}" "precious\n")
run_tool(0 PREFIX "${CMAKE_COMMAND}" -E env "LD_PRELOAD=${SYNC_TRACE}" "NPU_SYNC_TRACE=${trace}" --
  "${CONFIGS}/recommender.json" --output "${target}")
file(READ "${trace}" calls)
if(NOT calls STREQUAL "fsync file\nrename\nfsync folder\n")
  message(FATAL_ERROR "fsync and rename calls in the wrong order or missing:\n${calls}")
endif()

# A folder that cannot be synced: the new text is in place, but the run
# says the rename may not survive a crash, and fails.
file(WRITE "${target}" "precious\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=GE_USE_STATIC_MEMORY "LD_PRELOAD=${SYNC_TRACE}" NPU_SYNC_FAIL_FOLDER=1
  "${TOOL}" "${CONFIGS}/recommender.json" --output "${target}" ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status STREQUAL "2" OR NOT err MATCHES "was written, but its folder cannot be synced")
  message(FATAL_ERROR "a folder that cannot be synced: exit ${status}, stderr ${err}")
endif()
file(READ "${target}" content)
if(content STREQUAL "precious\n")
  message(FATAL_ERROR "a folder that cannot be synced: the new text is not in place")
endif()
expect_listing("after a folder that cannot be synced" options.json)

# A new file gets what a plain open() gives under the caller's umask.
file(REMOVE "${target}")
run_tool(0 PREFIX sh -c "umask 077 && exec \"$@\"" umask-077 -- "${CONFIGS}/recommender.json" --output "${target}")
execute_process(COMMAND stat -c %a "${target}" OUTPUT_VARIABLE mode OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT mode STREQUAL "600")
  message(FATAL_ERROR "a new target under umask 077 has mode ${mode}")
endif()
expect_listing("at the end" options.json)

# Standard output that cannot be written (a full disk): exit 2 and a message.
execute_process(COMMAND "${TOOL}" "${CONFIGS}/recommender.json" OUTPUT_FILE /dev/full ERROR_VARIABLE err
  RESULT_VARIABLE status)
if(NOT status STREQUAL "2" OR NOT err MATCHES "error: cannot write to standard output\n$")
  message(FATAL_ERROR "writing to /dev/full: exit ${status}, stderr ${err}")
endif()
