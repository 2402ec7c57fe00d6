// The forms npu-memcfg reads (--from) and prints (--format): a config file's
// JSON, or a target's form. One table each, so that parsing, --help and the
// work itself name the same forms.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config_json.hpp>

namespace npu::memcfg {

// A form's name as --from and --format take it: "json" for a config file
// (no target), else the target's.
[[nodiscard]] std::string form_name(std::optional<TargetRuntime> target);

struct InputForm {
  std::optional<TargetRuntime> target;  // nullopt: a config file
  bool json = true;                     // a JSON text, which --pointer can look into
  ReadResult (*read)(std::string_view text, std::string_view source, std::string_view pointer);
};

// The forms with a reader.
[[nodiscard]] const std::vector<InputForm>& input_forms();
[[nodiscard]] const InputForm& input_form(std::optional<TargetRuntime> target);

struct OutputForm {
  std::optional<TargetRuntime> target;  // nullopt: a config file's canonical JSON
  std::string (*render)(const MemoryConfig& config);
};

// Every form, in the order --format lists them.
[[nodiscard]] const std::vector<OutputForm>& output_forms();
[[nodiscard]] const OutputForm& output_form(std::optional<TargetRuntime> target);

}  // namespace npu::memcfg
