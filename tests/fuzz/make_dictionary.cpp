// Prints the libFuzzer dictionary: every key, name, value, product, SoC
// prefix and option of the tables, so the fuzzer speaks the runtime's words.
// A test checks that the checked-in tests/fuzz/memory_config.dict is this.
#include <cstdio>
#include <set>
#include <string>

#include <npu/memory_config.hpp>

#include "options.hpp"

namespace {

// libFuzzer's dictionary takes printable ASCII, with \" \\ and \xNN escapes.
void entry(std::set<std::string>& words, std::string_view word) {
  std::string escaped;
  for (const char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte > 0x7e) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", byte);
      escaped += hex;
      continue;
    }
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  words.insert("\"" + escaped + "\"");
}

}  // namespace

int main() {
  std::set<std::string> words;
  for (const npu::detail::FieldInfo& field : npu::detail::fields) {
    entry(words, field.name);
    entry(words, npu::detail::ge_key(field.field));
    for (const npu::detail::ValueInfo& value : field.values) {
      entry(words, value.name);
      entry(words, value.runtime_text);
    }
    if (field.legacy_alias) entry(words, std::to_string(field.legacy_alias->code));
  }
  for (const npu::detail::ProductInfo& product : npu::detail::products) entry(words, product.name);
  for (const npu::detail::SocRule& rule : npu::detail::soc_rules) entry(words, rule.text);
  for (const npu::memcfg::FlagHelp& flag : npu::memcfg::flag_help()) entry(words, flag.flag);
  for (const npu::detail::TargetInfo& target : npu::detail::targets) entry(words, target.name);
  for (const std::string_view key : {npu::keys::ge_global_scope, npu::keys::ge_session_scope, npu::keys::ge_graph_scope,
                                     npu::keys::mindspore_ge_options, npu::keys::tf1_custom_optimizer,
                                     npu::keys::atc_compile_options, npu::keys::atc_execute_options}) {
    entry(words, key);
  }
  for (const char* word : {"json",
                           "null",
                           "true",
                           "false",
                           "-",
                           "GE_USE_STATIC_MEMORY=",
                           "{",
                           "}",
                           "[",
                           "]",
                           ":",
                           ",",
                           "\"\"",
                           "i:",
                           "4294967298",
                           "2.0",
                           "1e400",
                           "18446744073709551616",
                           "/",
                           "~0",
                           "~1",
                           "text",
                           "sarif",
                           "[",
                           "]",
                           "=",
                           "#",
                           "\xEF\xBB\xBF",
                           "[ascend_context]",
                           "graph_options",
                           "rewrite_options",
                           "custom_optimizers",
                           "parameter_map",
                           "key:",
                           "value",
                           "s:",
                           "<",
                           ">",
                           "'",
                           ";",
                           "\\x"}) {
    entry(words, word);
  }
  for (const std::string& word : words) std::printf("%s\n", word.c_str());
  return 0;
}
