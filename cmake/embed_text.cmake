# npu_embed_text(INPUT OUTPUT NAME): writes the header OUTPUT holding INPUT's
# text as `inline constexpr std::string_view NAME`, one raw string literal,
# at configure time (so that clang-tidy, which only configures, finds it);
# an edit of INPUT configures again.
function(npu_embed_text input output name)
  file(READ "${input}" text)
  string(FIND "${text}" ")npu_text\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${input} holds the raw string's delimiter )npu_text\"")
  endif()
  file(CONFIGURE OUTPUT "${output}"
    CONTENT "// Generated from ${input} by cmake/embed_text.cmake: do not edit.\n#pragma once\n\n#include <string_view>\n\ninline constexpr std::string_view ${name} = R\"npu_text(@text@)npu_text\";\n"
    @ONLY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${input}")
endfunction()
