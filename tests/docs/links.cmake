# Every relative link of the docs leads to a file of the repository: a page
# renamed or not yet written fails here, not in a reader's browser.
#   cmake -DROOT=<repository root> -P links.cmake
file(GLOB pages "${ROOT}/*.md" "${ROOT}/docs/*.md")
set(checked 0)
foreach(page IN LISTS pages)
  file(READ "${page}" text)
  get_filename_component(folder "${page}" DIRECTORY)
  # Brackets group the items of a CMake list: keep them out of the matches.
  string(REPLACE "](" "<link>(" text "${text}")
  string(REGEX REPLACE "[][;]" " " text "${text}")
  string(REGEX MATCHALL "<link>\\([^)]+\\)" links "${text}")
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^<link>\\(([^)#]*).*$" "\\1" target "${link}")
    if(target STREQUAL "" OR target MATCHES "^[a-z]+:")
      continue()  # an anchor in the same page, or a web address
    endif()
    math(EXPR checked "${checked} + 1")
    if(NOT EXISTS "${folder}/${target}")
      file(RELATIVE_PATH shown "${ROOT}" "${page}")
      message(FATAL_ERROR "${shown}: links to ${target}, which does not exist")
    endif()
  endforeach()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no relative links found: the extraction is broken")
endif()
message(STATUS "${checked} relative links, each to a file that exists")
