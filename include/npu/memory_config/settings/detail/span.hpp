// A read-only view of a constant array, the type of the tables' list
// members (FieldInfo::values), and of a vector's elements. C++17 has no
// std::span.
#pragma once

#include <cstddef>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

template <class T>
class Span {
 public:
  constexpr Span() noexcept = default;
  template <std::size_t N>
  constexpr Span(const T (&array)[N]) noexcept : data_(array), size_(N) {}  // NOLINT: converts like std::span
  constexpr Span(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  Span(const std::vector<T>& vector) noexcept : data_(vector.data()), size_(vector.size()) {}  // NOLINT: as above

  [[nodiscard]] constexpr const T* begin() const noexcept { return data_; }
  [[nodiscard]] constexpr const T* end() const noexcept { return data_ + size_; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
