#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/settings/detail/near_miss.hpp>

using namespace npu;

namespace {

// The textbook full-matrix optimal-string-alignment distance, ignoring
// case: the reference the bounded implementation must agree with.
std::size_t reference_distance(const std::string& a, const std::string& b) {
  const auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

TEST_CASE("the bounded distance agrees with the full-matrix reference", "[near_miss]") {
  // Every pair of strings up to length 5 over a 3-letter alphabet (with
  // case), where affix skipping and the cut-off have the most to get wrong.
  std::vector<std::string> strings{""};
  for (std::size_t length = 1; length <= 5; ++length) {
    std::vector<std::string> longer;
    for (const std::string& s : strings) {
      if (s.size() + 1 != length) continue;
      for (char c : {'a', 'b', 'B'}) longer.push_back(s + c);
    }
    strings.insert(strings.end(), longer.begin(), longer.end());
  }
  for (const std::string& a : strings) {
    for (const std::string& b : strings) {
      const std::size_t reference = reference_distance(a, b);
      for (std::size_t limit = 0; limit <= 4; ++limit) {
        const std::size_t expected = reference <= limit ? reference : limit + 1;
        if (detail::bounded_edit_distance(a, b, limit) != expected) {
          FAIL("distance(\"" << a << "\", \"" << b << "\", " << limit << ") should be " << expected);
        }
      }
    }
  }
}

TEST_CASE("the bounded distance on real names", "[near_miss]") {
  CHECK(detail::bounded_edit_distance("static_memory_polcy", "static_memory_policy", 3) == 1);
  CHECK(detail::bounded_edit_distance("ge.exec.staticMemPolicy", "ge.exec.staticMemoryPolicy", 3) == 3);
  CHECK(detail::bounded_edit_distance("abcd", "abdc", 2) == 1);  // a swap is one edit
  CHECK(detail::bounded_edit_distance("BALANCEMODE", "BalanceMode", 1) == 0);
  CHECK(detail::bounded_edit_distance("completely", "different", 2) == 3);  // capped at limit + 1
  // Names longer than 64 characters are never near: nothing is computed.
  CHECK(detail::bounded_edit_distance(std::string(65, 'c'), std::string(65, 'c'), 3) == 4);
  CHECK(detail::bounded_edit_distance(std::string(64, 'c') + "", std::string(63, 'c') + "d", 3) == 1);
}

TEST_CASE("near-miss budgets: a hint and a no-hint pair at every boundary", "[near_miss]") {
  // Names of up to 2 characters get no hint; 3 to 15 allow one edit, 16 to
  // 23 two, 24 and more three; an exact match is no miss.
  CHECK_FALSE(detail::is_near_miss("ax", "ab"));
  CHECK(detail::is_near_miss("abx", "abc"));
  CHECK_FALSE(detail::is_near_miss("axy", "abc"));
  CHECK(detail::is_near_miss("abcdefghijklmnX", "abcdefghijklmno"));                          // 15: one edit
  CHECK_FALSE(detail::is_near_miss("abcdefghijklmXY", "abcdefghijklmno"));                    // 15: two edits
  CHECK(detail::is_near_miss("abcdefghijklmnXY", "abcdefghijklmnop"));                        // 16: two edits
  CHECK_FALSE(detail::is_near_miss("abcdefghijklmXYZ", "abcdefghijklmnop"));                  // 16: three edits
  CHECK(detail::is_near_miss("abcdefghijklmnopqrstuXY", "abcdefghijklmnopqrstuvw"));          // 23: two edits
  CHECK_FALSE(detail::is_near_miss("abcdefghijklmnopqrstXYZ", "abcdefghijklmnopqrstuvw"));    // 23: three edits
  CHECK(detail::is_near_miss("abcdefghijklmnopqrstuXYZ", "abcdefghijklmnopqrstuvwx"));        // 24: three edits
  CHECK_FALSE(detail::is_near_miss("abcdefghijklmnopqrstWXYZ", "abcdefghijklmnopqrstuvwx"));  // 24: four edits
  CHECK_FALSE(detail::is_near_miss("separate", "separate"));
  CHECK(detail::is_near_miss("SEPARATE", "separate"));  // case costs nothing
  // The same boundaries on real names.
  CHECK(detail::is_near_miss("seperate", "separate"));
  CHECK_FALSE(detail::is_near_miss("seperete", "separate"));
  CHECK(detail::is_near_miss("statc_memory_polcy", "static_memory_policy"));
  CHECK_FALSE(detail::is_near_miss("stat_memory_polcy", "static_memory_policy"));
  CHECK(detail::is_near_miss("ge.exec.staticMemPolicy", "ge.exec.staticMemoryPolicy"));
  CHECK_FALSE(detail::is_near_miss("ge.exec.staticMemPlcy", "ge.exec.staticMemoryPolicy"));
  CHECK_FALSE(detail::is_near_miss("ge.exec.staticModelAddrFixed", "ge.exec.staticMemoryPolicy"));
}

TEST_CASE("lists and suggestions are written one way", "[text]") {
  CHECK(detail::joined({}, " or ").empty());
  CHECK(detail::joined({"tf1"}, " or ") == "tf1");
  CHECK(detail::joined({"tf1", "ge"}, " or ") == "tf1 or ge");
  CHECK(detail::joined({"a", "b", "c"}, " and ") == "a, b and c");
  CHECK(detail::joined({"a", "b", "c"}, ", ") == "a, b, c");
  CHECK(detail::did_you_mean("\"ge.exec.staticMemoryPolicy\"") == "did you mean \"ge.exec.staticMemoryPolicy\"?");
}
