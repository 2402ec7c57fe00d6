// A JSON text reduced to what the readers need, in one SAX pass: the members
// of the top object and of objects down to kept_depth levels (the GE form's
// "global"/"session"; MindSpore's ge_options and its levels). Deeper content
// is only counted, so deep nesting costs no memory; duplicate keys are kept
// and flagged, unlike in a DOM.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// An InputValue that owns its text.
struct OwnedValue {
  InputKind kind = InputKind::null;
  std::string text;
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool truth = false;

  [[nodiscard]] InputValue view() const noexcept { return {kind, text, negative, magnitude, truth}; }
};

// How many levels of object members a document keeps: ascend_config,
// ge_options, and a level of it.
inline constexpr std::size_t kept_depth = 3;

struct JsonMember {
  std::string key;
  OwnedValue value;
  bool duplicate = false;           // the object already had this key
  std::vector<JsonMember> members;  // when value.kind == object, down to kept_depth
  SourcePosition position = {};     // where the key starts (its opening quote)
  std::size_t key_ordinal = 0;      // which key of the text it is, counting from 1
};

// The position of the `count`th byte read (counting from 1, as nlohmann's
// parse_error::byte does; one past the end when the input ran out).
[[nodiscard]] constexpr SourcePosition text_position(std::string_view text, std::size_t count) noexcept {
  SourcePosition position{1, 0};
  std::size_t line_start = 0;  // offset of the first byte of the current line
  for (std::size_t i = 0; i < count && i < text.size(); ++i) {
    if (text[i] != '\n') continue;
    ++position.line;
    line_start = i + 1;
  }
  position.column = count - line_start;
  return position;
}

struct JsonDocument {
  bool parsed = false;
  std::string syntax_error;  // what the parser says ("syntax error while parsing ...") when !parsed
  SourcePosition syntax_error_position;
  std::string syntax_error_key;     // the top-level key whose value was being read, if any
  OwnedValue top;                   // the top-level value as given (its kind only, for a container)
  std::vector<JsonMember> members;  // when top.kind is object
};

// A SAX handler for nlohmann's parser. A template, like the readers built on
// it: nothing of the parser is instantiated in a translation unit that does
// not read JSON text.
template <class BasicJson>
class JsonDocumentBuilder {
 public:
  JsonDocumentBuilder(JsonDocument& document, std::string_view text) noexcept : document_(document), text_(text) {}

  bool null() { return scalar({}); }
  bool boolean(bool value) {
    OwnedValue v;
    v.kind = InputKind::boolean;
    v.truth = value;
    return scalar(std::move(v));
  }
  bool number_integer(std::int64_t value) {
    const InputValue input = InputValue::integer(value);
    OwnedValue v;
    v.kind = InputKind::integer;
    v.negative = input.negative;
    v.magnitude = input.magnitude;
    return scalar(std::move(v));
  }
  bool number_unsigned(std::uint64_t value) {
    OwnedValue v;
    v.kind = InputKind::integer;
    v.magnitude = value;
    return scalar(std::move(v));
  }
  bool number_float(double /*value*/, const std::string& literal) {
    OwnedValue v;
    v.kind = InputKind::floating;
    v.text = literal;
    return scalar(std::move(v));
  }
  bool string(std::string& value) {
    OwnedValue v;
    v.kind = InputKind::string;
    v.text = std::move(value);
    return scalar(std::move(v));
  }
  bool binary(typename BasicJson::binary_t& /*value*/) { return scalar({}); }
  bool start_object(std::size_t /*elements*/) { return open(InputKind::object); }
  bool start_array(std::size_t /*elements*/) { return open(InputKind::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& key) {
    ++keys_read_;  // every key, kept or not: place_keys counts them the same way
    std::vector<JsonMember>* object = depth_ >= 1 && depth_ <= kept_depth ? objects_[depth_ - 1] : nullptr;
    if (object == nullptr) return true;
    bool duplicate = false;
    for (const JsonMember& member : *object) duplicate = duplicate || member.key == key;
    object->push_back({std::move(key), {}, duplicate, {}, {}, keys_read_});
    value_pending_ = depth_ == 1;
    return true;
  }
  // `position` is the error's parse_error::byte.
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const typename BasicJson::exception& error) {
    // What went wrong is only in what(): "[json.exception.parse_error.101]
    // parse error at line 1, column 7: syntax error while parsing ...".
    const std::string_view what = error.what();
    const std::size_t colon = what.find(": ");
    const std::string_view description = colon == std::string_view::npos ? what : what.substr(colon + 2);
    document_.syntax_error_position = text_position(text_, position);
    document_.syntax_error = std::string(description);
    if (value_pending_ && !document_.members.empty()) document_.syntax_error_key = document_.members.back().key;
    return false;
  }

 private:
  // The member that the value now being read belongs to; nullptr when it is
  // deeper than the builder keeps.
  JsonMember* current_member() {
    std::vector<JsonMember>* object = depth_ >= 1 && depth_ <= kept_depth ? objects_[depth_ - 1] : nullptr;
    return object != nullptr && !object->empty() ? &object->back() : nullptr;
  }

  bool scalar(OwnedValue value) {
    if (depth_ == 1) value_pending_ = false;
    if (depth_ == 0) {
      document_.top = std::move(value);
    } else if (JsonMember* member = current_member()) {
      member->value = std::move(value);
    }
    return true;
  }

  bool open(InputKind kind) {
    std::vector<JsonMember>* members = nullptr;  // where the keys of an object opened here go
    if (depth_ == 0) {
      document_.top.kind = kind;
      members = &document_.members;
    } else if (JsonMember* member = current_member()) {
      member->value.kind = kind;
      members = &member->members;
    }
    if (depth_ < kept_depth) objects_[depth_] = kind == InputKind::object ? members : nullptr;
    ++depth_;
    return true;
  }

  bool close() {
    --depth_;
    if (depth_ == 1) value_pending_ = false;  // a member's object or array is complete
    return true;
  }

  JsonDocument& document_;
  std::string_view text_;
  std::size_t depth_ = 0;
  std::size_t keys_read_ = 0;
  bool value_pending_ = false;  // a top-level key was read, its value not yet complete
  // The member list of each open object, by depth; nullptr for an array or
  // an object below a member the builder does not keep.
  std::vector<JsonMember>* objects_[kept_depth] = {};
};

// The members kept, in the order of their keys in the text.
inline void members_in_text_order(std::vector<JsonMember>& members, std::vector<JsonMember*>& out) {
  for (JsonMember& member : members) {
    out.push_back(&member);
    members_in_text_order(member.members, out);
  }
}

// Sets each kept member's position: one pass over the (valid) text that
// counts its keys as the parser met them, tracking lines.
inline void place_keys(JsonDocument& document, std::string_view text) {
  std::vector<JsonMember*> members;
  members_in_text_order(document.members, members);
  std::vector<bool> in_object;  // the open containers: object or array
  bool expect_key = false;
  std::size_t line = 1;
  std::size_t line_start = 0;
  std::size_t keys_seen = 0;
  std::size_t next = 0;  // the next member to place
  for (std::size_t i = 0; i < text.size() && next < members.size(); ++i) {
    switch (text[i]) {
      case '\n':
        ++line;
        line_start = i + 1;
        break;
      case '{':
        in_object.push_back(true);
        expect_key = true;
        break;
      case '[':
        in_object.push_back(false);
        expect_key = false;
        break;
      case '}':
      case ']':
        in_object.pop_back();
        expect_key = false;
        break;
      case ',':
        expect_key = !in_object.empty() && in_object.back();
        break;
      case '"': {
        const std::size_t start = i;
        for (++i; i < text.size() && text[i] != '"'; ++i) {
          if (text[i] == '\\') ++i;  // an escaped character, a quote included
        }
        if (!expect_key) break;
        expect_key = false;
        if (members[next]->key_ordinal != ++keys_seen) break;
        members[next]->position = {line, start - line_start + 1};
        ++next;
        break;
      }
      default:
        break;
    }
  }
}

template <class BasicJson>
[[nodiscard]] JsonDocument parse_json_document(std::string_view text) {
  JsonDocument document;
  JsonDocumentBuilder<BasicJson> builder(document, text);
  document.parsed = BasicJson::sax_parse(text.begin(), text.end(), &builder);
  if (!document.parsed && document.syntax_error.empty()) document.syntax_error = "invalid JSON";
  if (document.parsed) place_keys(document, text);
  return document;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
