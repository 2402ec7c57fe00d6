#include "forms.hpp"

namespace npu::memcfg {
namespace {

ReadResult read_config_file(std::string_view text, std::string_view source, std::string_view pointer) {
  return read_json_config(text, source, pointer);
}
ReadResult read_ge(std::string_view text, std::string_view source, std::string_view pointer) {
  return read_ge_options_json(text, source, pointer);
}
ReadResult read_tf2(std::string_view text, std::string_view source, std::string_view pointer) {
  return read_tf2_options_json(text, source, pointer);
}
ReadResult read_mindspore(std::string_view text, std::string_view source, std::string_view pointer) {
  return read_mindspore_config_json(text, source, pointer);
}
ReadResult read_tf1(std::string_view text, std::string_view source, std::string_view /*pointer*/) {
  return read_tf1_session_config(text, source);
}
ReadResult read_mslite(std::string_view text, std::string_view source, std::string_view /*pointer*/) {
  return read_mslite_config(text, source);
}

std::string pretty(const nlohmann::json& json) { return json.dump(2) + "\n"; }

std::string render_config_file(const MemoryConfig& config) { return pretty(nlohmann::json(config)); }
std::string render_ge(const MemoryConfig& config) { return pretty(ge_options_json(config)); }
std::string render_tf1(const MemoryConfig& config) { return tf1_session_config_text(config); }
// Validation with the target reports a config TF2 cannot carry: nothing is
// printed then.
std::string render_tf2(const MemoryConfig& config) {
  const std::optional<OptionMap> options = tf2_options(config);
  return options ? pretty(options_json(*options)) : std::string();
}
std::string render_mindspore(const MemoryConfig& config) { return pretty(mindspore_ascend_config_json(config)); }
// One NAME=VALUE line per variable the job script exports.
std::string render_torchair(const MemoryConfig& config) {
  std::string lines;
  for (const OptionEntry& variable : environment_options(config, TargetRuntime::torchair)) {
    lines.append(variable.key).append("=").append(variable.value).append("\n");
  }
  return lines;
}

}  // namespace

std::string form_name(std::optional<TargetRuntime> target) {
  return target ? std::string(enum_name(*target)) : std::string("json");
}

const std::vector<InputForm>& input_forms() {
  static const std::vector<InputForm> forms = {
      {std::nullopt, true, read_config_file},
      {TargetRuntime::ge, true, read_ge},
      {TargetRuntime::tf1, false, read_tf1},
      {TargetRuntime::tf2, true, read_tf2},
      {TargetRuntime::mindspore, true, read_mindspore},
      {TargetRuntime::mslite, false, read_mslite},
  };
  return forms;
}

const InputForm& input_form(std::optional<TargetRuntime> target) {
  for (const InputForm& form : input_forms()) {
    if (form.target == target) return form;
  }
  return input_forms().front();  // the options name only forms of the table
}

const std::vector<OutputForm>& output_forms() {
  static const std::vector<OutputForm> forms = {
      {std::nullopt, render_config_file},
      {TargetRuntime::ge, render_ge},
      {TargetRuntime::tf1, render_tf1},
      {TargetRuntime::tf2, render_tf2},
      {TargetRuntime::mindspore, render_mindspore},
      {TargetRuntime::torchair, render_torchair},
      {TargetRuntime::mslite, mslite_config_text},
  };
  return forms;
}

const OutputForm& output_form(std::optional<TargetRuntime> target) {
  for (const OutputForm& form : output_forms()) {
    if (form.target == target) return form;
  }
  return output_forms().front();  // every target has a form
}

}  // namespace npu::memcfg
