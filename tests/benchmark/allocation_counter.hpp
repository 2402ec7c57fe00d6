// Heap allocations counted by a replaced global operator new (in
// allocation_counter.cpp), reported per operation beside each time.
#pragma once

#include <cstdint>

namespace npu::bench {

[[nodiscard]] std::uint64_t allocation_count() noexcept;

}  // namespace npu::bench
