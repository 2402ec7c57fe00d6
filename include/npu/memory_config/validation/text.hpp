// How the library's messages show text, for a program that writes messages
// of its own beside them (npu-memcfg's flags, a launcher's): the same
// quoting, one-line escaping, lists, "did you mean" and value names, so that
// the two read as one voice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/near_miss.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
#include "npu/memory_config/validation/detail/target_checks.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace text {

using detail::character_count;  // the characters a text shows (a byte that is not UTF-8 counts one)
using detail::did_you_mean;     // "did you mean X?"
using detail::form_names;       // "json, ge, tf2 or mindspore"
using detail::is_near_miss;     // a typo, a case slip of a name: what "did you mean" is offered for
using detail::joined;           // "a, b or c"
using detail::quote;            // "\"as given\"", cut when long
using detail::single_line;      // control characters and bytes that are not UTF-8 as \xNN

// A setting's value as messages show it: "3 (expand_dynamic_shape)",
// "\"MemoryPriority\"", or "unset (the runtime decides)" for nullopt.
// Precondition: `code` is one of the field's values.
[[nodiscard]] inline std::string value_text(Field field, std::optional<std::uint8_t> code) {
  NPU_MEMORY_CONFIG_ASSERT(!code || detail::value_of(field, *code) != nullptr,
                           "a code that is none of the field's values");
  return detail::describe_code_or_unset(field, code);
}

// Why the runtime of `form` runs another value of `field` than a config
// asks for: "torchair forces ge.exec.atomicCleanPolicy 1 (separate), so the
// engine runs that"; empty where the form carries the field (and for a
// config file, which carries every one).
[[nodiscard]] inline std::string runtime_difference(Form form, Field field) {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  return target ? detail::target_reason(detail::target_info(*target), field) : std::string();
}

}  // namespace text
NPU_MEMORY_CONFIG_NAMESPACE_END
