// A JSON text reduced, in one SAX pass, to what the readers need: the value
// a JSON Pointer names (the whole document without one) and its members down
// to kept_depth levels, each at the position of its key, duplicates kept and
// flagged (a DOM loses them). Of the path only the members the pointer names
// are kept, so a big job file or deep nesting costs no memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/detail/text_shape.hpp"
#include "npu/memory_config/json/detail/pointer.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validation/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// How many levels of members a document keeps below the value it reads:
// ascend_config, ge_options, and a level of it.
inline constexpr std::size_t kept_depth = 3;

// A member of an object, or an element of an array on the pointer's path
// (its key is the pointer's token).
struct JsonMember {
  std::string key;
  InputValue value;                 // its text is in `text`; a container: its kind only
  std::string text;                 // a string's contents; a float's literal; an integer's when out of range
  bool duplicate = false;           // the object already had this key (flagged in the value read)
  std::vector<JsonMember> members;  // of a container, as far as they are kept
  SourcePosition position;          // where the key starts (its opening quote)

  // The value with its text.
  [[nodiscard]] InputValue view() const noexcept {
    InputValue viewed = value;
    viewed.text = text;
    return viewed;
  }
};

struct JsonDocument {
  bool pointer_valid = true;  // false: the pointer given is no JSON Pointer, and nothing was read
  std::string pointer_text;   // the pointer as given
  bool parsed = false;
  std::string syntax_error;  // what is wrong with the text, when !parsed
  SourcePosition syntax_error_position;
  std::string syntax_error_key;          // the member of the value read whose value was being read, if any
  TextShape shape = TextShape::unknown;  // when !parsed: what the text looks like instead

  // How a config's values are spelled: library for a JSON text, python for
  // a dict a Python caller gave (None for unset, and Python's words).
  Spelling spelling = Spelling::library;
  std::vector<std::string> pointer;   // the tokens of the pointer to the value read; none: the whole document
  bool found = false;                 // the pointer names a value
  JsonMember top;                     // that value; its position is its key's, when it is a member
  std::size_t tokens_found = 0;       // how many tokens of the pointer name a value: the deepest part that exists
  std::string duplicate_on_path;      // a name on the pointer's path given twice in its object
  SourcePosition duplicate_position;  // of its second key; not known: there is none
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

// Where the parser stands in the text. nlohmann's parser takes the text one
// byte at a time through a TextIterator, which keeps this up to date; SAX
// events carry no position of their own.
struct ReadPoint {
  const char* next = nullptr;  // the first byte not yet taken
  std::size_t line = 1;
  const char* line_start = nullptr;
};

class TextIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TextIterator(const char* at, ReadPoint& point) noexcept : at_(at), point_(&point) {}

  reference operator*() const noexcept { return *at_; }
  TextIterator& operator++() noexcept {
    if (*at_ == '\n') {
      ++point_->line;
      point_->line_start = at_ + 1;
    }
    point_->next = ++at_;
    return *this;
  }
  friend bool operator==(const TextIterator& a, const TextIterator& b) noexcept { return a.at_ == b.at_; }
  friend bool operator!=(const TextIterator& a, const TextIterator& b) noexcept { return a.at_ != b.at_; }

 private:
  const char* at_;
  ReadPoint* point_;
};

// A SAX handler for nlohmann's parser: builds the tree of what is kept.
class JsonDocumentBuilder {
 public:
  JsonDocumentBuilder(JsonDocument& document, JsonMember& root, std::string_view text, const ReadPoint& point) noexcept
      : document_(document), root_(root), text_(text), point_(point) {}

  bool null() { return scalar(InputValue::null(), {}); }
  bool boolean(bool value) { return scalar(InputValue::boolean(value), {}); }
  bool number_integer(std::int64_t value) { return scalar(InputValue::integer(value), {}); }
  bool number_unsigned(std::uint64_t value) { return scalar(InputValue::unsigned_integer(value), {}); }
  // nlohmann reads an integer too large for 64 bits as a float: it stays an
  // integer here, out of range, so that messages say so.
  bool number_float(double /*value*/, const std::string& literal) {
    const bool integer = literal.find_first_not_of("-0123456789") == std::string::npos;
    return scalar(integer ? InputValue::huge_integer(literal) : InputValue::floating(literal), literal);
  }
  bool string(std::string& value) { return scalar(InputValue::string({}), std::move(value)); }
  bool binary(nlohmann::json::binary_t& /*value*/) { return scalar(InputValue::null(), {}); }
  bool start_object(std::size_t /*elements*/) { return open(InputValue::object()); }
  bool start_array(std::size_t /*elements*/) { return open(InputValue::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& key) {
    key_pending_ = true;
    member_kept_ = depth_ == open_.size() && (depth_ > path_size() || key == document_.pointer[depth_ - 1]);
    if (member_kept_) open_.back().container->members.push_back({std::move(key), {}, {}, false, {}, key_position()});
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
    // The member of the value read whose value was being read: inside it,
    // or after its key.
    const std::size_t top = path_size();
    if (open_.size() > top && !open_[top].container->members.empty() &&
        (depth_ > top + 1 || (depth_ == top + 1 && key_pending_))) {
      document_.syntax_error_key = open_[top].container->members.back().key;
    }
    return false;
  }

 private:
  // An open container whose members are kept.
  struct Frame {
    JsonMember* container;
    std::size_t elements = 0;  // an array's elements so far
  };

  [[nodiscard]] std::size_t path_size() const noexcept { return document_.pointer.size(); }

  // Where the key just read starts: the parser took its closing quote last;
  // its opening quote is the one before that which no backslash escapes.
  [[nodiscard]] SourcePosition key_position() const noexcept {
    const char* quote = point_.next - 1;
    const auto escaped = [](const char* at) {
      std::size_t backslashes = 0;
      while (at[-1 - static_cast<std::ptrdiff_t>(backslashes)] == '\\') ++backslashes;
      return backslashes % 2 == 1;
    };
    do {
      --quote;
    } while (*quote != '"' || escaped(quote));
    return {point_.line, static_cast<std::size_t>(quote - point_.line_start) + 1};
  }

  // The member that the value starting now is, when it is kept: the whole
  // document; a member whose key was kept; an element of an array on the
  // path that the pointer names.
  JsonMember* next_member() {
    key_pending_ = false;
    if (depth_ == 0) return &root_;
    if (depth_ != open_.size()) return nullptr;
    Frame& parent = open_.back();
    if (parent.container->value.kind == InputKind::object) {
      return member_kept_ ? &parent.container->members.back() : nullptr;
    }
    const std::size_t index = parent.elements++;
    if (depth_ > path_size() || !names_array_index(document_.pointer[depth_ - 1], index)) return nullptr;
    parent.container->members.push_back({document_.pointer[depth_ - 1], {}, {}, false, {}, {}});
    return &parent.container->members.back();
  }

  bool scalar(InputValue value, std::string text) {
    if (JsonMember* member = next_member()) {
      value.text = {};  // a view of the parser's buffer: the member keeps its own copy
      member->value = value;
      member->text = std::move(text);
    }
    return true;
  }

  // Keeps the container's members on the path and in the value read, down
  // to kept_depth levels (an array's there are never read).
  bool open(InputValue kind) {
    JsonMember* member = next_member();
    if (member != nullptr) member->value = kind;
    const bool kept = depth_ < path_size() || (depth_ < path_size() + kept_depth && kind.kind == InputKind::object);
    if (member != nullptr && kept) open_.push_back({member});
    ++depth_;
    return true;
  }

  bool close() {
    if (open_.size() == depth_) open_.pop_back();
    --depth_;
    key_pending_ = false;
    return true;
  }

  JsonDocument& document_;
  JsonMember& root_;
  std::string_view text_;
  const ReadPoint& point_;
  std::vector<Frame> open_;   // the open containers whose members are kept, outermost first
  std::size_t depth_ = 0;     // how many containers are open
  bool key_pending_ = false;  // a key was read, and its value has not started or not ended
  bool member_kept_ = false;  // the member of the last key read is kept
};

// Flags each member whose object already had its key, down the levels kept.
inline void flag_duplicates(std::vector<JsonMember>& members) {
  for (std::size_t i = 0; i < members.size(); ++i) {
    for (std::size_t j = 0; j < i && !members[i].duplicate; ++j)
      members[i].duplicate = members[j].key == members[i].key;
    flag_duplicates(members[i].members);
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
  JsonMember root;
  ReadPoint point{text.data(), 1, text.data()};
  JsonDocumentBuilder builder(document, root, text, point);
  document.parsed = nlohmann::json::sax_parse(TextIterator(text.data(), point),
                                              TextIterator(text.data() + text.size(), point), &builder);
  if (!document.parsed) {
    if (document.syntax_error.empty()) document.syntax_error = "invalid JSON";
    document.shape = text_shape(text);
    return document;
  }
  // Down the path: of each object on it only the members named by the
  // pointer were kept, so a second one is a duplicate.
  JsonMember* value = &root;
  for (; document.tokens_found < document.pointer.size() && !value->members.empty(); ++document.tokens_found) {
    if (value->members.size() > 1) {
      document.duplicate_on_path = value->members[1].key;
      document.duplicate_position = value->members[1].position;
      return document;
    }
    value = &value->members[0];
  }
  document.found = document.tokens_found == document.pointer.size();
  if (document.found) {
    document.top = std::move(*value);
    flag_duplicates(document.top.members);
  }
  return document;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
