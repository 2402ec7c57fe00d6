#include <catch2/catch.hpp>

#include <string>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("quote: a value as given, escaped and cut", "[message_text]") {
  CHECK(detail::quote("MemoryPriorty") == "\"MemoryPriorty\"");
  CHECK(detail::quote("a\"b") == "\"a\\\"b\"");
  CHECK(detail::quote("a\\b") == "\"a\\\\b\"");
  // Valid UTF-8 as written: a full-width digit, a Chinese comment.
  CHECK(detail::quote("\xef\xbc\x91") == "\"\xef\xbc\x91\"");
  CHECK(detail::quote("1   # \xe6\xb3\xa8\xe9\x87\x8a") == "\"1   # \xe6\xb3\xa8\xe9\x87\x8a\"");
  // Control characters and other bytes stay raw: to_string() and the JSON
  // writers show them, each its own way.
  CHECK(detail::quote(std::string_view("\0\xff\n", 3)) == std::string("\"\0\xff\n\"", 5));
  CHECK(detail::quote("") == "\"\"");
  const std::string long_text(5000, 'k');
  CHECK(detail::quote(long_text) == "\"" + std::string(80, 'k') + "\"... (5000 bytes)");
  CHECK(detail::quote(std::string(80, 'k')) == "\"" + std::string(80, 'k') + "\"");
  // Cut at a character, never inside one: 79 bytes, then a 3-byte character.
  CHECK(detail::quote(std::string(79, 'k') + "\xe6\xb3\xa8") == "\"" + std::string(79, 'k') + "\"... (82 bytes)");
  CHECK(detail::quote(std::string(77, 'k') + "\xe6\xb3\xa8") == "\"" + std::string(77, 'k') + "\xe6\xb3\xa8\"");
}

TEST_CASE("single_line: one printable line of valid UTF-8", "[message_text]") {
  CHECK(detail::single_line("plain") == "plain");
  CHECK(detail::single_line("a\x7f"
                            "b\tc\nd") == "a\\x7fb\\x09c\\x0ad");
  CHECK(detail::single_line("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80") ==
        "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  CHECK(detail::single_line("a\xff"
                            "b") == "a\\xffb");
  CHECK(detail::single_line("\xc3") == "\\xc3");                             // cut short
  CHECK(detail::single_line("\xc0\xaf") == "\\xc0\\xaf");                    // an overlong '/'
  CHECK(detail::single_line("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // a surrogate
  CHECK(detail::single_line("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // beyond U+10FFFF
  CHECK(detail::single_line("\xe2\x82") == "\\xe2\\x82");
}

TEST_CASE("character_count: characters as a terminal shows them", "[message_text]") {
  CHECK(detail::character_count("") == 0);
  CHECK(detail::character_count("abc") == 3);
  CHECK(detail::character_count("caf\xc3\xa9") == 4);
  CHECK(detail::character_count("\xf0\x9f\x98\x80!") == 2);
  CHECK(detail::character_count("a\xff"
                                "b") == 3);  // a stray byte counts one
  CHECK(detail::character_count("\xe2\x82") == 2);
}
