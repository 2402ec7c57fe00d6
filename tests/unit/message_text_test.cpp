#include <catch2/catch.hpp>

#include <string>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("quote: a value as given, escaped and cut", "[message_text]") {
  CHECK(quote("MemoryPriorty") == "\"MemoryPriorty\"");
  CHECK(quote("a\"b") == "\"a\\\"b\"");
  CHECK(quote("a\\b") == "\"a\\\\b\"");
  CHECK(quote(std::string_view("\0\xff", 2)) == "\"\\x00\\xff\"");
  CHECK(quote("caf\xc3\xa9") == "\"caf\\xc3\\xa9\"");  // every byte beyond ASCII
  CHECK(quote("") == "\"\"");
  const std::string long_text(5000, 'k');
  CHECK(quote(long_text) == "\"" + std::string(80, 'k') + "\"... (5000 bytes)");
  CHECK(quote(std::string(80, 'k')) == "\"" + std::string(80, 'k') + "\"");
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
