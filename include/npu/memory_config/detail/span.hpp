// A minimal constexpr view over a contiguous constant array (C++17 has no
// std::span, and <span> would not be cheap to include anyway).
#pragma once

#include <cstddef>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

template <class T>
class Span {
 public:
  constexpr Span() noexcept = default;
  template <std::size_t N>
  constexpr Span(const T (&array)[N]) noexcept : data_(array), size_(N) {}  // NOLINT: implicit by design
  constexpr Span(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}

  [[nodiscard]] constexpr const T* begin() const noexcept { return data_; }
  [[nodiscard]] constexpr const T* end() const noexcept { return data_ + size_; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
