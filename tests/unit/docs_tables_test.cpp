// The docs restate the tables for readers: each table of docs/settings.md
// and docs/validation.md that says what a table of the library holds is
// read here and held to it, so that neither changes without the other.
#include <catch2/catch.hpp>

#include <cstddef>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

namespace npu::test {
namespace {

using Row = std::vector<std::string>;

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(' ') - first + 1));
}

// The body rows of the Markdown table whose header row is `header`, each
// cell trimmed; a page without that table fails the test.
std::vector<Row> table_rows(const std::string& page, std::string_view header) {
  std::ifstream file(std::string(NPU_DOCS_DIR) + "/" + page);
  REQUIRE(file.good());
  std::vector<Row> rows;
  bool in_table = false;
  for (std::string line; std::getline(file, line);) {
    if (line == header) {
      in_table = true;
      std::getline(file, line);  // |---|---|
      continue;
    }
    if (!in_table) continue;
    if (line.empty() || line.front() != '|') break;
    Row row;
    std::istringstream cells(line.substr(1));
    for (std::string cell; std::getline(cells, cell, '|');) row.push_back(trimmed(cell));
    rows.push_back(row);
  }
  INFO(page << ": " << header);
  REQUIRE_FALSE(rows.empty());
  return rows;
}

template <class E>
std::string code_text(E value) {
  return std::to_string(static_cast<int>(value));
}

// One row of the settings table: the value's code, its name, whether it is
// the default ("" for the code of the policy, whose values are texts).
Row value_row(const std::string& setting, const std::string& code, const std::string& name, bool is_default) {
  return {setting, code, name.empty() ? std::string() : "`" + name + "`", is_default ? "yes" : ""};
}

template <class E>
void expect_integer_setting(std::vector<Row>& expected, E default_value) {
  std::string setting = "`" + std::string(enum_name(detail::field_of_v<E>)) + "`";
  for (const E value : enum_values<E>()) {
    expected.push_back(value_row(setting, code_text(value), std::string(enum_name(value)), value == default_value));
    setting.clear();  // a setting's name heads its first row only
  }
}

}  // namespace

TEST_CASE("docs/settings.md: every setting's values, names and default, as the field table has them", "[docs]") {
  std::vector<Row> expected;
  expect_integer_setting(expected, MemoryConfig{}.atomic_clean_policy);
  expect_integer_setting(expected, MemoryConfig{}.static_memory_policy);
  std::string policy = "`" + std::string(enum_name(Field::memory_optimization_policy)) + "`";
  expected.push_back(value_row(policy, "unset", "", !MemoryConfig{}.memory_optimization_policy.has_value()));
  for (const MemoryOptimizationPolicy value : enum_values<MemoryOptimizationPolicy>()) {
    expected.push_back(value_row("", "", std::string(detail::runtime_text(value)), false));
  }
  expect_integer_setting(expected, MemoryConfig{}.variable_use_1g_huge_page);
  std::vector<Row> documented;
  for (Row row : table_rows("settings.md", "| setting | value | name | what the runtime does | default |")) {
    REQUIRE(row.size() == 5);
    row.erase(row.begin() + 3);  // what the runtime does: prose
    documented.push_back(row);
  }
  CHECK(documented == expected);
}

TEST_CASE("docs/settings.md: each setting's GE option and TF1 kind, as the targets' table has them", "[docs]") {
  const std::vector<Row> rows = table_rows(
      "settings.md",
      "| setting | TF1 `parameter_map` | GE option (level) | TF2 options | MindSpore `ascend_config` | torchair | "
      "MindSpore Lite |");
  REQUIRE(rows.size() == detail::field_count);
  for (std::size_t i = 0; i < detail::field_count; ++i) {
    const Field field = enum_values<Field>()[i];
    const std::string name(enum_name(field));
    INFO(name);
    CHECK(rows[i][0] == "`" + name + "`");
    const bool integer = field != Field::memory_optimization_policy;
    CHECK(rows[i][1] == "`" + name + "` (`" + (integer ? "i" : "s") + "`)");
    const std::string ge_option = "`" + std::string(detail::ge_key(field)) + "` (";
    CHECK(rows[i][2].compare(0, ge_option.size(), ge_option) == 0);
    // TF2 carries every setting but the policy, under its own name.
    CHECK(rows[i][3] == (integer ? "`" + name + "`" : std::string("none")));
  }
}

TEST_CASE("docs/validation.md: the products, and what each supports, as the products' table has them", "[docs]") {
  const std::vector<Row> rows =
      table_rows("validation.md", "| product (`--product`) | MemoryConfig | 1 GB huge pages |");
  REQUIRE(rows.size() == enum_values<Product>().size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Product product = enum_values<Product>()[i];
    INFO(enum_name(product));
    const std::string named = "`" + std::string(enum_name(product)) + "` (";
    CHECK(rows[i][0].compare(0, named.size(), named) == 0);
    CHECK(rows[i][1] == (detail::product_info(product).supports_memory_config ? "yes" : "no"));
    CHECK(rows[i][2] == (detail::product_info(product).supports_1g_huge_page ? "yes" : "no"));
  }
}

TEST_CASE("docs/validation.md: the policy the engine runs beside GE_USE_STATIC_MEMORY, as it computes it", "[docs]") {
  const std::vector<Row> rows = table_rows("validation.md", "| option \\ variable | unset or 0 | 1 or 2 | 3 | 4 |");
  // Each column's variables: unset and "0", "1" and "2", "3", "4".
  const std::vector<std::vector<std::optional<std::string_view>>> columns = {
      {std::nullopt, "0"}, {"1", "2"}, {"3"}, {"4"}};
  REQUIRE(rows.size() == enum_values<StaticMemoryPolicy>().size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StaticMemoryPolicy option = enum_values<StaticMemoryPolicy>()[i];
    REQUIRE(rows[i].size() == 1 + columns.size());
    CHECK(rows[i][0] == code_text(option));
    for (std::size_t column = 0; column < columns.size(); ++column) {
      for (const std::optional<std::string_view>& variable : columns[column]) {
        INFO("option " << code_text(option) << ", variable " << variable.value_or("unset"));
        CHECK(rows[i][column + 1] == code_text(effective_static_memory_policy(option, variable)));
      }
    }
  }
}

}  // namespace npu::test
