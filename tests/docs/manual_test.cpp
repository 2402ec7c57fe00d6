// The manual (docs/npu-memcfg.md) and the man page (docs/npu-memcfg.1) say
// what the tool does: every flag of --help, with its help text in the man
// page; every diagnostic code, with what it means and what to do, in the
// manual's table exactly as SARIF rules carry it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "code_help.hpp"
#include "options.hpp"

namespace {

std::string read_page(const std::string& name) {
  std::ifstream in(std::string(NPU_SOURCE_DIR) + "/docs/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Text as roff needs it in a man page: a hyphen is \-, a backslash \e.
std::string roff(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '-') {
      escaped += "\\-";
    } else if (c == '\\') {
      escaped += "\\e";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

// The part of `text` from `start` to the next `end` after it.
std::string section(const std::string& text, const std::string& start, const std::string& end) {
  const std::size_t from = text.find(start);
  if (from == std::string::npos) return {};
  return text.substr(from, text.find(end, from + start.size()) - from);
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

}  // namespace

TEST_CASE("the man page gives every flag of --help, with its help text", "[docs][manual]") {
  const std::string page = read_page("npu-memcfg.1");
  REQUIRE_FALSE(page.empty());
  const std::vector<npu::memcfg::FlagHelp> flags = npu::memcfg::flag_help();
  for (const npu::memcfg::FlagHelp& flag : flags) {
    std::string body = flag.help;
    for (char& c : body) c = c == '\n' ? ' ' : c;
    const std::string entry = ".TP\n.B " + roff(flag.flag) +
                              (flag.value_name.empty() ? "" : " \\fI" + roff(flag.value_name) + "\\fR") + "\n" +
                              roff(body) + "\n";
    INFO("expected in docs/npu-memcfg.1:\n" << entry);
    CHECK(page.find(entry) != std::string::npos);
  }
  // and no flag the tool does not have
  CHECK(count_of(section(page, ".SH OPTIONS", ".SH "), ".TP\n.B ") == flags.size());
}

TEST_CASE("the manual names every flag, and tables every diagnostic code as SARIF rules describe it",
          "[docs][manual]") {
  const std::string manual = read_page("npu-memcfg.md");
  REQUIRE_FALSE(manual.empty());
  for (const npu::memcfg::FlagHelp& flag : npu::memcfg::flag_help()) {
    INFO(flag.flag);
    CHECK(manual.find("`" + flag.flag) != std::string::npos);
  }
  for (const npu::detail::DiagnosticCodeInfo& info : npu::detail::diagnostic_codes) {
    const npu::memcfg::CodeHelp& help = npu::memcfg::code_help(info.code);
    const std::string row = "| `" + std::string(info.name) + "` | " + std::string(help.description) + " | " +
                            std::string(help.help) + " |\n";
    INFO("expected in docs/npu-memcfg.md:\n" << row);
    CHECK(manual.find(row) != std::string::npos);
  }
  // and no code the tool does not have
  CHECK(count_of(section(manual, "## Diagnostic codes", "\n## "), "\n| `") == std::size(npu::detail::diagnostic_codes));
}
