#include <catch2/catch.hpp>

#include <string>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("quote: a value as given, escaped and cut", "[message_text]") {
  CHECK(quote("MemoryPriorty") == "\"MemoryPriorty\"");
  CHECK(quote("a\"b") == "\"a\\\"b\"");
  CHECK(quote("a\\b") == "\"a\\\\b\"");
  // Valid UTF-8 as written: a full-width digit, a Chinese comment.
  CHECK(quote("\xef\xbc\x91") == "\"\xef\xbc\x91\"");
  CHECK(quote("1   # \xe6\xb3\xa8\xe9\x87\x8a") == "\"1   # \xe6\xb3\xa8\xe9\x87\x8a\"");
  // Control characters and other bytes stay raw: to_string() and the JSON
  // writers show them, each its own way.
  CHECK(quote(std::string_view("\0\xff\n", 3)) == std::string("\"\0\xff\n\"", 5));
  CHECK(quote("") == "\"\"");
  const std::string long_text(5000, 'k');
  CHECK(quote(long_text) == "\"" + std::string(80, 'k') + "\"... (5000 bytes)");
  CHECK(quote(std::string(80, 'k')) == "\"" + std::string(80, 'k') + "\"");
  // Cut at a character, never inside one: 79 bytes, then a 3-byte character.
  CHECK(quote(std::string(79, 'k') + "\xe6\xb3\xa8") == "\"" + std::string(79, 'k') + "\"... (82 bytes)");
  CHECK(quote(std::string(77, 'k') + "\xe6\xb3\xa8") == "\"" + std::string(77, 'k') + "\xe6\xb3\xa8\"");
}

TEST_CASE("single_line: one printable line of valid UTF-8", "[message_text]") {
  CHECK(single_line("plain") == "plain");
  CHECK(single_line("a\x7f"
                    "b\tc\nd") == "a\\x7fb\\x09c\\x0ad");
  CHECK(single_line("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80") == "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  CHECK(single_line("a\xff"
                    "b") == "a\\xffb");
  CHECK(single_line("\xc3") == "\\xc3");                             // cut short
  CHECK(single_line("\xc0\xaf") == "\\xc0\\xaf");                    // an overlong '/'
  CHECK(single_line("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // a surrogate
  CHECK(single_line("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // beyond U+10FFFF
  CHECK(single_line("\xe2\x82") == "\\xe2\\x82");
}

TEST_CASE("character_count: characters as a terminal shows them", "[message_text]") {
  CHECK(character_count("") == 0);
  CHECK(character_count("abc") == 3);
  CHECK(character_count("caf\xc3\xa9") == 4);
  CHECK(character_count("\xf0\x9f\x98\x80!") == 2);
  CHECK(character_count("a\xff"
                        "b") == 3);  // a stray byte counts one
  CHECK(character_count("\xe2\x82") == 2);
}
