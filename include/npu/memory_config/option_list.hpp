// A fixed-capacity list of views: what the serializers return, so that
// producing an option map allocates nothing (every key and value is a
// static string). Ask for an owning map with to_map<Map>() when needed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

template <class T, std::size_t Capacity>
class FixedList {
 public:
  using value_type = T;
  using const_iterator = const T*;

  // Precondition: size() < Capacity (the serializers never emit more entries
  // than there are fields).
  constexpr void push_back(const T& item) noexcept { items_[size_++] = item; }

  [[nodiscard]] constexpr const T* begin() const noexcept { return items_; }
  [[nodiscard]] constexpr const T* end() const noexcept { return items_ + size_; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] static constexpr std::size_t capacity() noexcept { return Capacity; }
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return items_[i]; }

  [[nodiscard]] friend constexpr bool operator==(const FixedList& a, const FixedList& b) noexcept {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a.items_[i] == b.items_[i])) return false;
    }
    return true;
  }
  [[nodiscard]] friend constexpr bool operator!=(const FixedList& a, const FixedList& b) noexcept { return !(a == b); }

 private:
  T items_[Capacity]{};
  std::size_t size_ = 0;
};

// One option of a string-valued map (GE, TF2).
struct OptionEntry {
  std::string_view key;
  std::string_view value;

  [[nodiscard]] friend constexpr bool operator==(const OptionEntry& a, const OptionEntry& b) noexcept {
    return a.key == b.key && a.value == b.value;
  }
};

template <std::size_t Capacity>
using OptionList = FixedList<OptionEntry, Capacity>;

// The entry of `key`; nullptr when the list does not have it.
template <std::size_t Capacity>
[[nodiscard]] constexpr const OptionEntry* find_option(const OptionList<Capacity>& options,
                                                       std::string_view key) noexcept {
  for (const OptionEntry& entry : options) {
    if (entry.key == key) return &entry;
  }
  return nullptr;
}

// An owning copy, e.g. to_map<std::map<std::string, std::string>>(options):
// any map type whose emplace takes two std::string.
template <class Map, std::size_t Capacity>
[[nodiscard]] Map to_map(const OptionList<Capacity>& options) {
  Map map;
  for (const OptionEntry& entry : options) map.emplace(std::string(entry.key), std::string(entry.value));
  return map;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
