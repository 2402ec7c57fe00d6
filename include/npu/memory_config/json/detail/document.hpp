// A JSON text reduced to what the readers need, in one SAX pass: the value a
// JSON Pointer names (the whole document without one), with the members of
// that object and of its objects down to kept_depth levels (the GE form's
// levels; MindSpore's ge_options and its levels). Everything else is only
// counted, so deep nesting costs no memory; duplicate keys are kept and
// flagged, as a DOM could not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/detail/value_parser.hpp"
#include "npu/memory_config/json/pointer.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// An InputValue that owns its text.
struct OwnedValue {
  InputKind kind = InputKind::null;
  std::string text;
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool out_of_range = false;
  bool truth = false;

  [[nodiscard]] InputValue view() const noexcept { return {kind, text, negative, magnitude, out_of_range, truth}; }
};

// How many levels of object members a document keeps below the value it
// reads: ascend_config, ge_options, and a level of it.
inline constexpr std::size_t kept_depth = 3;

struct JsonMember {
  std::string key;
  OwnedValue value;
  bool duplicate = false;           // the object already had this key
  std::vector<JsonMember> members;  // when value.kind is object, down to kept_depth
  SourcePosition position;          // where the key starts (its opening quote)
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
  bool pointer_valid = true;  // false: the pointer given is no JSON Pointer, and nothing was read
  std::string pointer_text;   // the pointer as given
  bool parsed = false;
  std::string syntax_error;  // what is wrong with the text, when !parsed
  SourcePosition syntax_error_position;
  std::string syntax_error_key;  // the member of the value read whose value was being read, if any

  std::vector<std::string> pointer;   // the tokens of the pointer to the value read; none: the whole document
  bool found = false;                 // the pointer names a value
  OwnedValue top;                     // that value (a container's kind only)
  std::vector<JsonMember> members;    // when it is an object
  SourcePosition top_position;        // of the key it is the value of, when it is a member
  std::size_t tokens_found = 0;       // how many tokens of the pointer name a value: the deepest part that exists
  std::string duplicate_on_path;      // a name on the pointer's path given twice in its object
  SourcePosition duplicate_position;  // of its second key

  // Key ordinals of what place_keys positions.
  std::size_t top_key_ordinal = 0;
  std::size_t duplicate_ordinal = 0;
};

// A SAX handler for nlohmann's parser.
class JsonDocumentBuilder {
 public:
  JsonDocumentBuilder(JsonDocument& document, std::string_view text) noexcept : document_(document), text_(text) {}

  bool null() { return scalar({}); }
  bool boolean(bool value) { return scalar(owned(InputValue::boolean(value))); }
  bool number_integer(std::int64_t value) { return scalar(owned(InputValue::integer(value))); }
  bool number_unsigned(std::uint64_t value) { return scalar(owned(InputValue::unsigned_integer(value))); }
  // nlohmann reads an integer too large for 64 bits as a float: it stays an
  // integer here, out of range, so that messages say so.
  bool number_float(double /*value*/, const std::string& literal) {
    const bool integer = literal.find_first_not_of("-0123456789") == std::string::npos;
    return scalar(owned(integer ? InputValue::huge_integer(literal) : InputValue::floating(literal)));
  }
  bool string(std::string& value) {
    OwnedValue v;
    v.kind = InputKind::string;
    v.text = std::move(value);
    return scalar(std::move(v));
  }
  bool binary(nlohmann::json::binary_t& /*value*/) { return scalar({}); }
  bool start_object(std::size_t /*elements*/) { return open(true); }
  bool start_array(std::size_t /*elements*/) { return open(false); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& key) {
    ++keys_read_;  // every key, kept or not: place_keys counts them the same way
    if (depth_ != frames_.size()) return true;
    Frame& frame = frames_.back();
    frame.key_is_next_token = false;
    if (on_path(frame) && key == document_.pointer[frame.path_index]) {
      if (!frame.token_seen) {
        frame.token_seen = true;
        frame.key_is_next_token = true;
        if (frame.path_index + 1 == document_.pointer.size()) document_.top_key_ordinal = keys_read_;
      } else if (document_.duplicate_ordinal == 0) {
        document_.duplicate_on_path = key;
        document_.duplicate_ordinal = keys_read_;
      }
    }
    if (frame.kept != nullptr) {
      bool duplicate = false;
      for (const JsonMember& member : *frame.kept) duplicate = duplicate || member.key == key;
      frame.kept->push_back({std::move(key), {}, duplicate, {}, {}, keys_read_});
      if (frame.kept_level == 1) value_pending_ = true;
    }
    return true;
  }

  // `position` is the error's parse_error::byte.
  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::json::exception& error) {
    if (error.id == 406) {
      // A number no type holds ("1e400"): nlohmann's message would be its
      // own internals; the position is that of the number.
      document_.syntax_error = last_token + " is a number out of range for every number type";
      document_.syntax_error_position =
          text_position(text_, position > last_token.size() ? position - last_token.size() + 1 : position);
    } else {
      // What went wrong is only in what(): "[json.exception.parse_error.101]
      // parse error at line 1, column 7: syntax error while parsing ...".
      const std::string_view what = error.what();
      const std::size_t colon = what.find(": ");
      document_.syntax_error = std::string(colon == std::string_view::npos ? what : what.substr(colon + 2));
      document_.syntax_error_position = text_position(text_, position);
    }
    if (value_pending_ && !document_.members.empty()) document_.syntax_error_key = document_.members.back().key;
    return false;
  }

 private:
  static constexpr std::size_t off_path = static_cast<std::size_t>(-1);

  // An open container the document keeps track of: one on the pointer's
  // path, or one whose members it keeps.
  struct Frame {
    bool object = false;
    std::size_t path_index = off_path;        // it is the value the first path_index tokens name
    std::size_t elements = 0;                 // an array's elements so far
    bool token_seen = false;                  // an object: the key of the next token was read
    bool key_is_next_token = false;           // an object: the value being read is the next token's
    std::vector<JsonMember>* kept = nullptr;  // where its members go; nullptr: not kept
    std::size_t kept_level = 0;               // 1: the members of the value read
  };

  [[nodiscard]] static OwnedValue owned(const InputValue& value) {
    return {value.kind, std::string(value.text), value.negative, value.magnitude, value.out_of_range, value.truth};
  }

  // Whether the frame is on the pointer's path, above the value read.
  [[nodiscard]] bool on_path(const Frame& frame) const noexcept {
    return frame.path_index != off_path && frame.path_index < document_.pointer.size();
  }

  // Where the value that starts now belongs.
  struct Slot {
    std::size_t path_index = off_path;  // it is the value the first path_index tokens name
    JsonMember* member = nullptr;       // the kept member it is the value of
    std::size_t member_level = 0;
  };

  Slot slot_of_next_value() {
    Slot slot;
    if (depth_ == 0) {
      slot.path_index = 0;
      return slot;
    }
    if (depth_ != frames_.size()) return slot;  // inside content nothing keeps
    Frame& parent = frames_.back();
    if (on_path(parent)) {
      const bool next = parent.object ? parent.key_is_next_token
                                      : names_array_index(document_.pointer[parent.path_index], parent.elements);
      if (next) slot.path_index = parent.path_index + 1;
    }
    if (!parent.object) ++parent.elements;
    if (parent.object && parent.kept != nullptr && !parent.kept->empty()) {
      slot.member = &parent.kept->back();
      slot.member_level = parent.kept_level;
    }
    return slot;
  }

  void reached(std::size_t path_index) {
    if (path_index != off_path && path_index > document_.tokens_found) document_.tokens_found = path_index;
  }

  bool scalar(OwnedValue value) {
    const Slot slot = slot_of_next_value();
    reached(slot.path_index);
    if (depth_ == value_depth_) value_pending_ = false;
    if (slot.member != nullptr) {
      slot.member->value = std::move(value);
    } else if (slot.path_index == document_.pointer.size()) {
      document_.found = true;
      document_.top = std::move(value);
    }
    return true;
  }

  bool open(bool object) {
    const Slot slot = slot_of_next_value();
    reached(slot.path_index);
    Frame frame;
    frame.object = object;
    const InputKind kind = object ? InputKind::object : InputKind::array;
    if (slot.path_index != off_path) {
      frame.path_index = slot.path_index;
      if (slot.path_index == document_.pointer.size()) {
        document_.found = true;
        document_.top.kind = kind;
        value_depth_ = depth_ + 1;
        if (object) {
          frame.kept = &document_.members;
          frame.kept_level = 1;
        }
      }
    }
    if (slot.member != nullptr) {
      slot.member->value.kind = kind;
      if (object && slot.member_level < kept_depth) {
        frame.kept = &slot.member->members;
        frame.kept_level = slot.member_level + 1;
      }
    }
    const bool tracked = frame.path_index != off_path || frame.kept != nullptr;
    if (tracked && depth_ == frames_.size()) frames_.push_back(frame);
    ++depth_;
    return true;
  }

  bool close() {
    if (depth_ == frames_.size()) frames_.pop_back();
    --depth_;
    if (depth_ == value_depth_) value_pending_ = false;  // a member's object or array is complete
    return true;
  }

  JsonDocument& document_;
  std::string_view text_;
  std::size_t depth_ = 0;
  std::size_t keys_read_ = 0;
  std::vector<Frame> frames_;           // the tracked containers, outermost first; all open ones down to some depth
  std::size_t value_depth_ = off_path;  // the depth of the members of the value read
  bool value_pending_ = false;          // a member of the value read has its key, not yet its whole value
};

// Gives each kept member, the key of the value read and a duplicate on the
// pointer's path their positions: one pass over the (valid) text that
// counts its keys as the parser met them, tracking lines.
inline void place_keys(JsonDocument& document, std::string_view text) {
  // Wanted in the order their keys come in the text: the key of the value
  // read, its members depth first, and last a duplicate on the pointer's
  // path, which follows the whole value of its first occurrence.
  std::vector<std::pair<std::size_t, SourcePosition*>> wanted;  // key ordinal, where its position goes
  if (document.top_key_ordinal != 0) wanted.emplace_back(document.top_key_ordinal, &document.top_position);
  const auto add_members = [&wanted](std::vector<JsonMember>& members, const auto& self) -> void {
    for (JsonMember& member : members) {
      wanted.emplace_back(member.key_ordinal, &member.position);
      self(member.members, self);
    }
  };
  add_members(document.members, add_members);
  if (document.duplicate_ordinal != 0) wanted.emplace_back(document.duplicate_ordinal, &document.duplicate_position);

  std::vector<bool> in_object;  // the open containers: object or array
  bool expect_key = false;
  std::size_t line = 1;
  std::size_t line_start = 0;
  std::size_t keys_seen = 0;
  std::size_t next = 0;  // the next entry of `wanted`
  for (std::size_t i = 0; i < text.size() && next < wanted.size(); ++i) {
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
        ++keys_seen;
        for (; next < wanted.size() && wanted[next].first == keys_seen; ++next) {
          *wanted[next].second = {line, start - line_start + 1};
        }
        break;
      }
      default:
        break;
    }
  }
}

// The document of `text`, read at `pointer` ("": all of it).
[[nodiscard]] inline JsonDocument parse_json_document(std::string_view text, std::string_view pointer = {}) {
  JsonDocument document;
  document.pointer_text = std::string(pointer);
  std::optional<std::vector<std::string>> tokens = parse_json_pointer(pointer);
  document.pointer_valid = tokens.has_value();
  if (!tokens) return document;
  document.pointer = std::move(*tokens);
  JsonDocumentBuilder builder(document, text);
  document.parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
  if (!document.parsed && document.syntax_error.empty()) document.syntax_error = "invalid JSON";
  if (document.parsed) place_keys(document, text);
  return document;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
