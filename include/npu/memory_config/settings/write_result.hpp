// What a writer of a text returns: write_text, update_text, fix_text and
// jobs::edit_variable. Apart from diagnostic.hpp: the core writes no text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// What a writer returns. `text` is set exactly when there is no error, so
// that an empty text is an empty output (torchair's, when the job needs to
// export nothing); the diagnostics say why there is none, and may warn
// beside a text.
struct WriteResult {
  std::optional<std::string> text;
  std::vector<Diagnostic> diagnostics;

  [[nodiscard]] bool ok() const noexcept { return text.has_value(); }
  [[nodiscard]] explicit operator bool() const noexcept { return ok(); }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
