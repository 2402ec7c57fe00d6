// The tables checked at compile time: a broken row fails the build of the
// suite. (In the headers, these checks would cost every includer.)
#include <npu/memory_config.hpp>

using namespace npu;

static_assert(detail::rows_follow_field_order(fields), "one row per field, in Field order");
static_assert(detail::one_row_per_enumerator<AtomicCleanPolicy>(AtomicCleanPolicy::centralized,
                                                                AtomicCleanPolicy::separate));
static_assert(detail::one_row_per_enumerator<StaticMemoryPolicy>(StaticMemoryPolicy::dynamic,
                                                                 StaticMemoryPolicy::expand_static_shape,
                                                                 StaticMemoryPolicy::expand_dynamic_shape,
                                                                 StaticMemoryPolicy::expand_static_and_dynamic_shape));
static_assert(detail::one_row_per_enumerator<MemoryOptimizationPolicy>(MemoryOptimizationPolicy::balance_mode,
                                                                       MemoryOptimizationPolicy::memory_priority));
static_assert(detail::one_row_per_enumerator<HugePagePolicy>(HugePagePolicy::system_default, HugePagePolicy::require_1g,
                                                             HugePagePolicy::prefer_1g));
static_assert(detail::codes_are_consistent(fields), "an integer field's runtime text is the decimal of its code");
static_assert(detail::targets_are_consistent(targets), "one row per target, each field carried with a key or a value");
