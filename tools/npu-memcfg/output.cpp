#include "output.hpp"

#include <npu/memory_config/texts/update.hpp>

#include "file_io.hpp"

namespace npu::memcfg {
namespace {

Diagnostic output_error(DiagnosticCode code, const std::string& path, std::string message) {
  return {Severity::error, code, {path, {}, {}, {}}, "", "", std::move(message)};
}

}  // namespace

std::optional<Diagnostic> write_output(const Options& options, const std::string& text, const MemoryConfig& config) {
  const std::string& given = *options.output_path;
  const std::optional<std::string> followed = followed_links(given);
  if (!followed)
    return output_error(DiagnosticCode::unwritable_output, given, "cannot be written: its symbolic links make a loop");
  const std::string& path = *followed;
  const Form form = options.format.value_or(Form::json);
  std::string written = text;
  bool is_config = false;
  for (const std::string& config_path : options.config_paths) is_config = is_config || same_file(config_path, path);
  const FileResult existing = read_file(path);
  if (existing.ok && !options.schema) {
    // The pointer names the config inside a CONFIG, not inside another file.
    const std::string pointer = is_config && describe(form).json ? options.pointer.value_or("") : "";
    WriteResult update = update_text(existing.text, config, form, given, pointer);
    if (update.text == existing.text) return std::nullopt;  // nothing changes
    if (update) {
      written = std::move(*update.text);
    } else if (is_config) {
      return output_error(DiagnosticCode::not_updatable, given,
                          "not written: it is a CONFIG read, which the " + std::string(enum_name(form)) +
                              " output would replace whole (" + update.diagnostics.front().message +
                              "); --output - or another path writes the whole output");
    }
  }
  const FileResult result = write_file_atomically(path, written);
  if (!result.ok) return output_error(DiagnosticCode::unwritable_output, given, result.error);
  return std::nullopt;
}

}  // namespace npu::memcfg
