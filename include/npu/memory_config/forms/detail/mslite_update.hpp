// An existing MindSpore Lite config file brought to a config with the
// fewest bytes changed: a memory key's value rewritten where it stands, a
// missing key added at the end of the block Lite reads of its section (the
// section added at the end of the file when there is none), in the file's
// indentation and line endings.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/forms/detail/mslite_form.hpp"
#include "npu/memory_config/forms/detail/mslite_parser.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/text_edit.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

class LiteUpdater {
 public:
  LiteUpdater(std::string_view text, const MemoryConfig& config)
      : text_(text), config_(config), keys_(key_table(KeyForm::mslite_section)), lines_(lite_lines(text)) {}

  // The value of every memory key of a field in `changed` rewritten, in
  // every section Lite hands to the engine.
  [[nodiscard]] std::string rewritten(const bool (&changed)[field_count]) const {
    std::vector<TextEdit> edits;
    for_each_memory_entry([&](const LiteLine& line, Field field) {
      if (changed[static_cast<std::size_t>(field)]) edits.push_back(value_edit(line, field));
    });
    return apply_edits(text_, std::move(edits));
  }

  // The memory keys whose key starts at one of `rewrite` given their field's
  // value, the lines of those at one of `remove` removed; nullopt when one of
  // the places holds no memory key Lite hands to the engine.
  [[nodiscard]] std::optional<std::string> edited_at(const std::vector<SourcePosition>& rewrite,
                                                     const std::vector<SourcePosition>& remove) const {
    const auto at = [](const std::vector<SourcePosition>& places, SourcePosition position) {
      return std::find(places.begin(), places.end(), position) != places.end();
    };
    std::vector<TextEdit> edits;
    for_each_memory_entry([&](const LiteLine& line, Field field) {
      if (at(remove, line.position)) {
        edits.push_back({line_start(text_, offset(line.text)), next_line_start(text_, offset(line.text)), ""});
      } else if (at(rewrite, line.position)) {
        edits.push_back(value_edit(line, field));
      }
    });
    if (edits.size() != rewrite.size() + remove.size()) return std::nullopt;
    return apply_edits(text_, std::move(edits));
  }

  // The lines the writer writes for each field in `missing` added where the
  // file lacks them.
  [[nodiscard]] std::string added(const bool (&missing)[field_count]) const {
    const std::string_view eol = line_ending(text_);
    const std::string written = mslite_config_text(config_);
    std::vector<TextEdit> edits;
    std::string appended;  // whole sections the file lacks
    std::size_t section = no_lite_section;
    for (const LiteLine& entry : lite_lines(written)) {
      if (entry.kind == LiteLine::Kind::header) section = lite_section(entry.text);
      const KeyBinding* binding = entry.kind == LiteLine::Kind::entry ? keys_.find(entry.text) : nullptr;
      if (binding == nullptr || !missing[static_cast<std::size_t>(binding->field)]) continue;
      const std::string line = std::string(entry.text) + "=" + std::string(entry.value);
      // (A key the block has was rewritten: its field differs no more.)
      const Block block = block_of(section);
      if (block.last_line == nullptr) {
        const std::string header = lite_header(lite_sections[section][0]);
        if (appended.find(header) == std::string::npos)
          appended.append(appended.empty() ? "" : eol).append(eol).append(header);
        appended.append(eol).append(line);
        continue;
      }
      const std::size_t at = next_line_start(text_, offset(block.last_line->text));
      const bool ends_text = at == text_.size() && (text_.empty() || text_.back() != '\n');
      const std::string indentation(line_indentation(text_, offset(block.last_line->text)));
      // On the last line of a text without a final line ending, the new
      // line goes after it, and the text still ends without one.
      std::string insertion(ends_text ? eol : std::string_view());
      insertion.append(indentation).append(line).append(ends_text ? std::string_view() : eol);
      edits.push_back({at, at, std::move(insertion)});
    }
    if (!appended.empty()) {
      // After a blank line, as the writer separates sections; a file without
      // a final line ending stays without one.
      const bool final_newline = text_.empty() || text_.back() == '\n';
      std::string tail = text_.empty() || final_newline ? "" : std::string(eol);
      if (!text_.empty() && !lite_trimmed(text_.substr(line_start(text_, text_.size() - 1))).empty()) tail.append(eol);
      tail.append(appended.substr(eol.size()));
      if (final_newline) tail.append(eol);
      edits.push_back({text_.size(), text_.size(), std::move(tail)});
    }
    return apply_edits(text_, std::move(edits));
  }

 private:
  // The block Lite reads of a section: the first holding an entry, else the
  // first; last_line: its last entry, or its header; nullptr: no block.
  struct Block {
    const LiteLine* last_line = nullptr;
  };

  [[nodiscard]] Block block_of(std::size_t section) const {
    Block found;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      if (lines_[i].kind != LiteLine::Kind::header || lite_section(lines_[i].text) != section) continue;
      Block block{&lines_[i]};
      for (std::size_t j = i + 1; j < lines_.size() && lines_[j].kind != LiteLine::Kind::header; ++j) {
        if (lines_[j].kind == LiteLine::Kind::entry) block.last_line = &lines_[j];
      }
      if (block.last_line != &lines_[i]) return block;  // it holds an entry: Lite reads it
      if (found.last_line == nullptr) found = block;
    }
    return found;
  }

  // Each entry of a memory key in a section Lite hands to the engine, with
  // its field.
  template <typename Visit>
  void for_each_memory_entry(const Visit& visit) const {
    std::size_t section = no_lite_section;
    for (const LiteLine& line : lines_) {
      if (line.kind == LiteLine::Kind::header) section = lite_section(line.text);
      const KeyBinding* binding =
          line.kind == LiteLine::Kind::entry && section != no_lite_section ? keys_.find(line.text) : nullptr;
      if (binding != nullptr && binding->use == KeyUse::read) visit(line, binding->field);
    }
  }

  // An entry's value given the field's.
  [[nodiscard]] TextEdit value_edit(const LiteLine& line, Field field) const {
    // An empty value has no bytes of its own: it stands just after the "=".
    const std::size_t begin = line.value.empty() ? text_.find('=', offset(line.text)) + 1 : offset(line.value);
    return {begin, begin + line.value.size(), std::string(field_runtime_text(config_, field))};
  }

  [[nodiscard]] std::size_t offset(std::string_view part) const noexcept {
    return static_cast<std::size_t>(part.data() - text_.data());
  }

  std::string_view text_;
  MemoryConfig config_;
  KeyTable keys_;
  std::vector<LiteLine> lines_;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
