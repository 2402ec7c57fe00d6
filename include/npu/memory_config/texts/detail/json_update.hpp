// An existing JSON text of a form (a config file, a GE or TF2 option map,
// MindSpore's ascend_config) brought to a config with the fewest bytes
// changed: a memory key's value rewritten where it stands, a missing member
// (or object) added at the end of its object in the text's own layout.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/json/detail/layout.hpp"
#include "npu/memory_config/json/detail/members.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/settings/detail/text_edit.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

using JsonPath = std::vector<std::string>;

// The keys the form reads in the object at `path` below the value read, in
// a text the form's reader accepted: a config file, a TF2 or a flat GE map
// has its keys at the top and no object there, a scoped GE map in its
// levels, MindSpore's ascend_config at the top and in ge_options' two
// levels (any other object of it holds none).
[[nodiscard]] inline std::optional<KeyForm> json_scope_keys(Form form, const JsonPath& path) {
  if (form == Form::mindspore) {
    if (path.empty()) return KeyForm::mindspore_top;
    if (path.size() == 2 && path[0] == keys::mindspore_ge_options) return KeyForm::mindspore_ge_options;
    return std::nullopt;
  }
  if (form == Form::ge) return KeyForm::ge;
  return form == Form::tf2 ? KeyForm::tf2 : KeyForm::short_keys;
}

// The field a key of the object at `path` sets; nullopt for none.
[[nodiscard]] inline std::optional<Field> json_key_field(Form form, const JsonPath& path, std::string_view key) {
  const std::optional<KeyForm> scope = json_scope_keys(form, path);
  if (!scope) return std::nullopt;
  const KeyTable table = key_table(*scope);
  const KeyBinding* binding = table.find(key);
  if (binding == nullptr || binding->use != KeyUse::read) return std::nullopt;
  return binding->field;
}

// A member the writer writes: where, its key and its value.
struct WrittenMember {
  JsonPath path;
  std::string key;
  Field field;
  nlohmann::json value;
};

inline void collect_written(const nlohmann::json& object, Form form, JsonPath& path, std::vector<WrittenMember>& out) {
  for (auto member = object.begin(); member != object.end(); ++member) {
    if (member->is_object()) {
      path.push_back(member.key());
      collect_written(*member, form, path, out);
      path.pop_back();
    } else {  // every member the writer writes is a memory key
      out.push_back({path, member.key(), json_key_field(form, path, member.key()).value(), *member});
    }
  }
}

// Every member the writer writes for `config` in `form`.
[[nodiscard]] inline std::vector<WrittenMember> written_members(const nlohmann::json& written, Form form) {
  std::vector<WrittenMember> members;
  JsonPath path;
  collect_written(written, form, path, members);
  return members;
}

// Members to add to one object, in the order the writer writes them. Below
// that level an object's members are in nlohmann::json's key order, which is
// the writer's there (one basic_json type: a second, ordered one would
// double what including this header costs).
using JsonAdditions = std::vector<std::pair<std::string, nlohmann::json>>;

// The member of `additions` named `key`, added last when there is none.
[[nodiscard]] inline nlohmann::json& addition_named(JsonAdditions& additions, const std::string& key) {
  for (auto& addition : additions) {
    if (addition.first == key) return addition.second;
  }
  return additions.emplace_back(key, nlohmann::json()).second;
}

// The value read: the layout's span at the pointer's tokens.
[[nodiscard]] inline const JsonSpan* span_at(const JsonSpan& root, const JsonPath& tokens) {
  const JsonSpan* span = &root;
  for (const std::string& token : tokens) {
    const JsonSpan* next = nullptr;
    for (const JsonSpanMember& member : span->members) {
      if (member.key == token) {
        next = &member.value;
        break;
      }
    }
    if (next == nullptr) return nullptr;
    span = next;
  }
  return span;
}

// A flat GE map: no member names a level.
[[nodiscard]] inline bool is_flat_ge(const JsonSpan& top) {
  for (const JsonSpanMember& member : top.members) {
    if (!ge_level(member.key).empty()) return false;
  }
  return true;
}

class JsonUpdater {
 public:
  // `written`: the form's JSON of `config`.
  JsonUpdater(std::string_view text, Form form, const JsonPath& pointer, const MemoryConfig& config,
              const nlohmann::json& written)
      : text_(text),
        form_(form),
        config_(config),
        root_(json_layout(text, pointer.size() + 3)),
        top_(span_at(root_, pointer)),
        written_(written_members(written, form)) {
    NPU_MEMORY_CONFIG_ASSERT(top_ != nullptr, "a JsonUpdater of a text whose reader found no value at the pointer");
    flat_ge_ = form == Form::ge && is_flat_ge(*top_);
  }
  JsonUpdater(const JsonUpdater&) = delete;  // top_ points into root_
  JsonUpdater& operator=(const JsonUpdater&) = delete;

  // The value of every memory key of a field in `changed` rewritten.
  [[nodiscard]] std::string rewritten(const bool (&changed)[field_count]) const {
    std::vector<TextEdit> edits;
    JsonPath path;
    edit_members(
        *top_, path, [&](Field field, const JsonSpanMember&) { return changed[index_of(field)]; }, nullptr, edits);
    return apply_edits(text_, std::move(edits));
  }

  // The memory keys whose key starts at one of `rewrite` given their
  // field's value, those at one of `remove` removed (with the comma that
  // separates them); nullopt when one of the places holds no memory key.
  [[nodiscard]] std::optional<std::string> edited_at(const std::vector<std::size_t>& rewrite,
                                                     const std::vector<std::size_t>& remove) const {
    std::vector<TextEdit> edits;
    JsonPath path;
    const auto at = [](const std::vector<std::size_t>& places, std::size_t key_begin) {
      return std::find(places.begin(), places.end(), key_begin) != places.end();
    };
    const std::size_t found = edit_members(
        *top_, path, [&](Field, const JsonSpanMember& member) { return at(rewrite, member.key_begin); },
        [&](const JsonSpanMember& member) { return at(remove, member.key_begin); }, edits);
    if (found != rewrite.size() + remove.size()) return std::nullopt;
    return apply_edits(text_, std::move(edits));
  }

  // The members the writer writes for each field in `missing` added where
  // the text lacks them.
  [[nodiscard]] std::string added(const bool (&missing)[field_count]) const {
    JsonAdditions additions;  // by path below the value read
    for (const WrittenMember& member : written_) {
      if (!missing[static_cast<std::size_t>(member.field)]) continue;
      const JsonPath path = flat_ge_ ? JsonPath() : member.path;
      if (path.empty()) {
        addition_named(additions, member.key) = member.value;
        continue;
      }
      nlohmann::json* at = &addition_named(additions, path.front());
      for (std::size_t depth = 1; depth < path.size(); ++depth) at = &(*at)[path[depth]];
      (*at)[member.key] = member.value;
    }
    std::vector<TextEdit> edits;
    add_members(*top_, additions, edits);
    return apply_edits(text_, std::move(edits));
  }

 private:
  // The text of a field's value in an object of `scope`: in a config file
  // and at the top of ascend_config, as the writer writes it (null: unset);
  // in an option map, the runtime's text as a string ("" unset), a number
  // staying a number where the map holds one.
  [[nodiscard]] std::string value_text(Field field, KeyForm scope, const JsonSpan& existing) const {
    if (scope == KeyForm::short_keys && existing.kind == '"' && !field_info(field).optional) {
      // A config file names values as its author did: "expand_static_shape" stays a name, "2" a string.
      const ValueInfo* value = field_value(config_, field);
      const bool as_code =
          existing.begin + 1 < text_.size() && text_[existing.begin + 1] >= '0' && text_[existing.begin + 1] <= '9';
      if (value != nullptr) return nlohmann::json(std::string(as_code ? value->runtime_text : value->name)).dump();
    }
    if (scope == KeyForm::short_keys || scope == KeyForm::mindspore_top) {
      for (const WrittenMember& member : written_) {
        if (member.field == field && json_scope_keys(form_, member.path) == scope) return member.value.dump();
      }
      return "null";
    }
    const std::string_view runtime = field_runtime_text(config_, field);
    const bool number = existing.kind == '-' || (existing.kind >= '0' && existing.kind <= '9');
    const bool digits = !runtime.empty() && runtime.find_first_not_of("0123456789") == std::string_view::npos;
    return number && digits ? std::string(runtime) : nlohmann::json(std::string(runtime)).dump();
  }

  [[nodiscard]] static std::size_t index_of(Field field) noexcept { return static_cast<std::size_t>(field); }

  // Each memory key below `object` that `rewrite` selects given its field's
  // value, each that `remove` selects removed; how many were.
  template <typename Rewrite, typename Remove>
  std::size_t edit_members(const JsonSpan& object, JsonPath& path, const Rewrite& rewrite, const Remove& remove,
                           std::vector<TextEdit>& edits) const {
    std::size_t count = 0;
    for (std::size_t i = 0; i < object.members.size(); ++i) {
      const JsonSpanMember& member = object.members[i];
      if (member.value.kind == '{') {
        path.push_back(member.key);
        count += edit_members(member.value, path, rewrite, remove, edits);
        path.pop_back();
      } else if (const std::optional<Field> field = json_key_field(form_, path, member.key)) {
        if constexpr (!std::is_same_v<Remove, std::nullptr_t>) {
          if (remove(member)) {
            edits.push_back(removal(object, i));
            ++count;
            continue;
          }
        }
        if (rewrite(*field, member)) {
          const KeyForm scope = *json_scope_keys(form_, path);
          edits.push_back({member.value.begin, member.value.end, value_text(*field, scope, member.value)});
          ++count;
        }
      }
    }
    return count;
  }

  // Member `i` of `object` gone: up to the next member's key, or from the
  // previous member's value when it is the last; an only member leaves the
  // braces with nothing between them.
  [[nodiscard]] static TextEdit removal(const JsonSpan& object, std::size_t i) {
    const JsonSpanMember& member = object.members[i];
    if (i + 1 < object.members.size()) return {member.key_begin, object.members[i + 1].key_begin, ""};
    if (i > 0) return {object.members[i - 1].value.end, member.value.end, ""};
    return {object.begin + 1, object.end - 1, ""};
  }

  // The indentation one level adds: what the outermost object with members
  // on lines of their own uses; two spaces when none does.
  [[nodiscard]] std::string indent_unit() const {
    const JsonSpan& outer = *top_;
    if (!outer.members.empty()) {
      const std::string_view inner = line_indentation(text_, outer.members.front().key_begin);
      const std::string_view own = line_indentation(text_, outer.begin);
      if (line_start(text_, outer.members.front().key_begin) != line_start(text_, outer.begin) &&
          inner.size() > own.size() && inner.substr(0, own.size()) == own)
        return std::string(inner.substr(own.size()));
    }
    return "  ";
  }

  // `value` on one line, spaced as people write it: {"a": {"b": "1"}}.
  [[nodiscard]] static std::string single_line_json(const nlohmann::json& value) {
    if (!value.is_object()) return value.dump();
    std::string out = "{";
    for (auto member = value.begin(); member != value.end(); ++member) {
      out.append(out.size() == 1 ? "" : ", ").append(nlohmann::json(member.key()).dump()).append(": ");
      out.append(single_line_json(*member));
    }
    return out + "}";
  }

  // `value` as JSON whose lines after the first start with `indentation`.
  [[nodiscard]] std::string rendered(const nlohmann::json& value, bool multiline,
                                     const std::string& indentation) const {
    if (!multiline) return single_line_json(value);
    const std::string unit = indent_unit();
    const std::string dumped = value.dump(static_cast<int>(unit.size()), unit.empty() ? ' ' : unit[0]);
    std::string out;
    for (const char c : dumped) {
      if (c == '\n') {
        out.append(line_ending(text_)).append(indentation);
      } else {
        out += c;
      }
    }
    return out;
  }

  // The members of `additions` added to `object`, or to the objects below
  // it that the text already has.
  void add_members(const JsonSpan& object, const JsonAdditions& additions, std::vector<TextEdit>& edits) const {
    JsonAdditions fresh;
    for (const auto& [key, value] : additions) {
      const JsonSpanMember* existing = nullptr;
      for (const JsonSpanMember& member : object.members) {
        if (member.key == key) existing = &member;
      }
      if (existing == nullptr) {
        fresh.emplace_back(key, value);
      } else if (value.is_object() && existing->value.kind == '{') {
        JsonAdditions below;
        for (auto member = value.begin(); member != value.end(); ++member) below.emplace_back(member.key(), *member);
        add_members(existing->value, below, edits);
      }
    }
    if (fresh.empty()) return;
    const std::string_view eol = line_ending(text_);
    const std::string outer(line_indentation(text_, object.begin));
    if (object.members.empty()) {
      // In the style of the value read: on lines of their own when it spans lines.
      const bool multiline = text_.substr(top_->begin, top_->end - top_->begin).find('\n') != std::string_view::npos;
      const std::string indentation = outer + indent_unit();
      std::string text;
      for (const auto& [key, value] : fresh) {
        text.append(text.empty() ? "" : ",")
            .append(multiline      ? std::string(eol) + indentation
                    : text.empty() ? ""
                                   : " ");
        text.append(nlohmann::json(key).dump()).append(": ").append(rendered(value, multiline, indentation));
      }
      if (multiline) text.append(eol).append(outer);
      edits.push_back({object.begin + 1, object.end - 1, std::move(text)});  // only blanks were there
      return;
    }
    const JsonSpanMember& last = object.members.back();
    const bool multiline = line_start(text_, last.key_begin) != line_start(text_, object.begin);
    const std::string indentation =
        multiline ? std::string(line_indentation(text_, last.key_begin)) : outer + indent_unit();
    std::string text;
    for (const auto& [key, value] : fresh) {
      text.append(",").append(multiline ? std::string(eol) + indentation : " ");
      text.append(nlohmann::json(key).dump()).append(": ").append(rendered(value, multiline, indentation));
    }
    edits.push_back({last.value.end, last.value.end, std::move(text)});
  }

  std::string_view text_;
  Form form_;
  MemoryConfig config_;
  JsonSpan root_;
  const JsonSpan* top_;
  std::vector<WrittenMember> written_;
  bool flat_ge_ = false;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
