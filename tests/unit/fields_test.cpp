// The field table against the settings it models: names, values, runtime
// spellings and defaults, written out; and the checks that guard it.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

namespace npu::test {

// Each enumerator of E, as the test names them, has a row of its field's
// table, and nothing else does.
template <class E, class... Enumerators>
[[nodiscard]] constexpr bool values_are(Enumerators... enumerators) noexcept {
  return sizeof...(Enumerators) == detail::field_info(detail::field_of_v<E>).values.size() &&
         ((detail::value_of(detail::field_of_v<E>, static_cast<std::uint8_t>(enumerators)) != nullptr) && ...);
}

}  // namespace npu::test

static_assert(detail::indexed_by(detail::fields, &detail::FieldInfo::field, 4), "one row per field, in Field order");
static_assert(test::values_are<AtomicCleanPolicy>(AtomicCleanPolicy::centralized, AtomicCleanPolicy::separate));
static_assert(test::values_are<StaticMemoryPolicy>(StaticMemoryPolicy::dynamic, StaticMemoryPolicy::expand_static_shape,
                                                   StaticMemoryPolicy::expand_dynamic_shape,
                                                   StaticMemoryPolicy::expand_static_and_dynamic_shape));
static_assert(test::values_are<MemoryOptimizationPolicy>(MemoryOptimizationPolicy::balance_mode,
                                                         MemoryOptimizationPolicy::memory_priority));
static_assert(test::values_are<HugePagePolicy>(HugePagePolicy::system_default, HugePagePolicy::require_1g,
                                               HugePagePolicy::prefer_1g));

namespace {

std::vector<std::string_view> runtime_texts(Field field) {
  std::vector<std::string_view> texts;
  for (const detail::ValueInfo& value : detail::field_info(field).values) texts.push_back(value.runtime_text);
  return texts;
}

std::vector<std::string_view> names(Field field) {
  std::vector<std::string_view> texts;
  for (const detail::ValueInfo& value : detail::field_info(field).values) texts.push_back(value.name);
  return texts;
}

}  // namespace

TEST_CASE("each field's name, values and default", "[fields]") {
  CHECK(enum_name(Field::atomic_clean_policy) == "atomic_clean_policy");
  CHECK(enum_name(Field::static_memory_policy) == "static_memory_policy");
  CHECK(enum_name(Field::memory_optimization_policy) == "memory_optimization_policy");
  CHECK(enum_name(Field::variable_use_1g_huge_page) == "variable_use_1g_huge_page");

  CHECK(names(Field::atomic_clean_policy) == std::vector<std::string_view>{"centralized", "separate"});
  CHECK(runtime_texts(Field::atomic_clean_policy) == std::vector<std::string_view>{"0", "1"});
  CHECK(names(Field::static_memory_policy) == std::vector<std::string_view>{"dynamic", "expand_static_shape",
                                                                            "expand_dynamic_shape",
                                                                            "expand_static_and_dynamic_shape"});
  CHECK(runtime_texts(Field::static_memory_policy) == std::vector<std::string_view>{"0", "2", "3", "4"});
  CHECK(names(Field::memory_optimization_policy) == std::vector<std::string_view>{"balance_mode", "memory_priority"});
  CHECK(runtime_texts(Field::memory_optimization_policy) ==
        std::vector<std::string_view>{"BalanceMode", "MemoryPriority"});
  CHECK(names(Field::variable_use_1g_huge_page) ==
        std::vector<std::string_view>{"system_default", "require_1g", "prefer_1g"});
  CHECK(runtime_texts(Field::variable_use_1g_huge_page) == std::vector<std::string_view>{"0", "1", "2"});

  CHECK(detail::field_info(Field::memory_optimization_policy).optional);
  CHECK_FALSE(detail::field_info(Field::memory_optimization_policy).integer_valued);
  CHECK_FALSE(detail::field_info(Field::static_memory_policy).optional);
  CHECK(detail::default_value<AtomicCleanPolicy>() == AtomicCleanPolicy::centralized);
  CHECK(detail::default_value<StaticMemoryPolicy>() == StaticMemoryPolicy::dynamic);
  CHECK(detail::default_value<HugePagePolicy>() == HugePagePolicy::system_default);
}

TEST_CASE("the costly values, and the legacy alias of static_memory_policy", "[fields]") {
  std::vector<std::string_view> costly;
  for (const detail::FieldInfo& field : detail::fields) {
    for (const detail::ValueInfo& value : field.values) {
      if (value.costs_performance) costly.push_back(value.name);
    }
  }
  CHECK(costly == std::vector<std::string_view>{"separate", "expand_dynamic_shape", "expand_static_and_dynamic_shape"});
  REQUIRE(detail::field_info(Field::static_memory_policy).legacy_alias);
  CHECK(detail::field_info(Field::static_memory_policy).legacy_alias->code == 1);
  CHECK(detail::field_info(Field::static_memory_policy).legacy_alias->canonical_code == 2);
  CHECK(detail::canonical_code(Field::static_memory_policy, 1) == 2);
  CHECK(detail::canonical_code(Field::static_memory_policy, 3) == 3);
  CHECK(detail::canonical_code(Field::atomic_clean_policy, 1) == 1);
  CHECK_FALSE(detail::field_info(Field::variable_use_1g_huge_page).legacy_alias);
}

TEST_CASE("codes and names to table entries", "[fields]") {
  REQUIRE(detail::value_of(Field::static_memory_policy, 4) != nullptr);
  CHECK(detail::value_of(Field::static_memory_policy, 4)->name == "expand_static_and_dynamic_shape");
  CHECK(detail::value_of(Field::static_memory_policy, 1) == nullptr);  // the legacy alias is no value
  CHECK(detail::value_of(Field::variable_use_1g_huge_page, 3) == nullptr);
  CHECK(detail::value_of(Field::variable_use_1g_huge_page, 255) == nullptr);
  CHECK(detail::value_of(Field::memory_optimization_policy, 1)->runtime_text == "MemoryPriority");
  CHECK(detail::value_named(Field::atomic_clean_policy, "separate")->code == 1);
  CHECK(detail::value_named(Field::atomic_clean_policy, "Separate") == nullptr);
  CHECK(detail::value_named(Field::memory_optimization_policy, "MemoryPriority") == nullptr);  // a spelling, not a name
}

TEST_CASE("enum_name, runtime_text and enum_cast are inverse over every value", "[fields]") {
  CHECK(enum_name(StaticMemoryPolicy::expand_dynamic_shape) == "expand_dynamic_shape");
  CHECK(enum_name(HugePagePolicy::prefer_1g) == "prefer_1g");
  CHECK(enum_name(MemoryOptimizationPolicy::balance_mode) == "balance_mode");
  CHECK(enum_name(AtomicCleanPolicy::separate) == "separate");
  CHECK(detail::runtime_text(MemoryOptimizationPolicy::memory_priority) == "MemoryPriority");
  CHECK(detail::runtime_text(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "4");
  CHECK(enum_name(static_cast<StaticMemoryPolicy>(1)).empty());
  for (const detail::ValueInfo& value : detail::field_info(Field::static_memory_policy).values) {
    const auto by_name = enum_cast<StaticMemoryPolicy>(value.name);
    REQUIRE(by_name);
    CHECK(static_cast<std::uint8_t>(*by_name) == value.code);
    CHECK(enum_cast<StaticMemoryPolicy>(int{value.code}) == by_name);
  }
  CHECK(enum_cast<AtomicCleanPolicy>("separate") == AtomicCleanPolicy::separate);
  CHECK(enum_cast<HugePagePolicy>(2) == HugePagePolicy::prefer_1g);
  CHECK(enum_cast<MemoryOptimizationPolicy>("memory_priority") == MemoryOptimizationPolicy::memory_priority);
}

TEST_CASE("enum_cast rejects what is not a value, and maps the legacy alias", "[fields]") {
  CHECK(enum_cast<StaticMemoryPolicy>(1) == StaticMemoryPolicy::expand_static_shape);
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(5));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(-1));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(258));  // would wrap to 2 in a uint8_t
  CHECK_FALSE(enum_cast<HugePagePolicy>(3));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>("Dynamic"));
  CHECK_FALSE(enum_cast<MemoryOptimizationPolicy>("BalanceMode"));  // the runtime spelling is not a name
  CHECK_FALSE(enum_cast<AtomicCleanPolicy>(""));
}

TEST_CASE("how messages show values and list what a field allows", "[fields]") {
  CHECK(detail::describe_value(Field::static_memory_policy, *detail::value_of(Field::static_memory_policy, 3)) ==
        "3 (expand_dynamic_shape)");
  CHECK(detail::describe_value(Field::memory_optimization_policy,
                               *detail::value_of(Field::memory_optimization_policy, 0)) == "\"BalanceMode\"");
  CHECK(detail::allowed_values_text(Field::static_memory_policy) ==
        "0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)");
  CHECK(detail::allowed_values_text(Field::atomic_clean_policy) == "0 (centralized) or 1 (separate)");
  CHECK(detail::allowed_values_text(Field::memory_optimization_policy) == "\"BalanceMode\" or \"MemoryPriority\"");
  CHECK(detail::allowed_values_text(Field::variable_use_1g_huge_page) ==
        "0 (system_default), 1 (require_1g) or 2 (prefer_1g)");
}

// The real table passes these checks in the static_asserts above; here each
// is shown to reject a broken table.
TEST_CASE("the field table's checks catch a broken table", "[fields]") {
  const detail::FieldInfo swapped[] = {detail::fields[1], detail::fields[0], detail::fields[2], detail::fields[3]};
  CHECK_FALSE(detail::indexed_by(swapped, &detail::FieldInfo::field, detail::field_count));
  const detail::FieldInfo missing_row[] = {detail::fields[0], detail::fields[1], detail::fields[2]};
  CHECK_FALSE(detail::indexed_by(missing_row, &detail::FieldInfo::field, detail::field_count));
  const detail::FieldInfo unnamed[] = {detail::fields[0],
                                       {Field::static_memory_policy, "", true, false, "", {}, 0, nullptr}};
  CHECK_FALSE(detail::names_unique(unnamed, &detail::FieldInfo::name));
  const detail::FieldInfo twice[] = {detail::fields[0], detail::fields[1], detail::fields[0]};
  CHECK_FALSE(detail::names_unique(twice, &detail::FieldInfo::name));
  const detail::FieldInfo repeated[] = {detail::fields[0], detail::fields[1], detail::fields[1], detail::fields[3]};
  CHECK_FALSE(detail::indexed_by(repeated, &detail::FieldInfo::field, detail::field_count));
  CHECK(detail::indexed_by(detail::fields, &detail::FieldInfo::field, detail::field_count));
  CHECK(detail::names_unique(detail::fields, &detail::FieldInfo::name));

  static constexpr detail::ValueInfo misspelled[] = {{2, "expand_static_shape", "3", "", false}};
  detail::FieldInfo wrong_text = detail::fields[1];
  wrong_text.values = misspelled;
  CHECK_FALSE(detail::values_consistent(wrong_text));
  static constexpr detail::ValueInfo same_code[] = {{0, "a", "0", "", false}, {0, "b", "0", "", false}};
  static constexpr detail::ValueInfo no_default[] = {{3, "three", "3", "", false}};
  static constexpr detail::ValueInfo zero_padded[] = {{0, "zero", "0", "", false}, {2, "two", "02", "", false}};
  static constexpr detail::ValueInfo legacy_value[] = {{0, "zero", "0", "", false}, {1, "one", "1", "", false}};
  static constexpr detail::ValueInfo unnamed_value[] = {{0, "", "0", "", false}};
  static constexpr detail::ValueInfo no_runtime_text[] = {{0, "zero", "", "", false}};
  static constexpr detail::ValueInfo not_a_number[] = {{0, "zero", "0", "", false}, {2, "two", "two", "", false}};
  static constexpr detail::ValueInfo same_name[] = {{0, "zero", "0", "", false}, {2, "zero", "2", "", false}};
  for (const detail::Span<detail::ValueInfo> values :
       {detail::Span<detail::ValueInfo>(same_code), detail::Span<detail::ValueInfo>(no_default),
        detail::Span<detail::ValueInfo>(zero_padded), detail::Span<detail::ValueInfo>(legacy_value),
        detail::Span<detail::ValueInfo>(unnamed_value), detail::Span<detail::ValueInfo>(no_runtime_text),
        detail::Span<detail::ValueInfo>(not_a_number), detail::Span<detail::ValueInfo>(same_name)}) {
    detail::FieldInfo broken = detail::fields[1];  // static_memory_policy: default 0, legacy alias 1
    broken.values = values;
    CHECK_FALSE(detail::values_consistent(broken));
  }
  for (const detail::FieldInfo& field : detail::fields) CHECK(detail::values_consistent(field));

  CHECK_FALSE(test::values_are<AtomicCleanPolicy>(AtomicCleanPolicy::centralized));
  CHECK_FALSE(test::values_are<HugePagePolicy>(HugePagePolicy::system_default, HugePagePolicy::require_1g,
                                               static_cast<HugePagePolicy>(3)));
}

// The field table's own checks, asserted beside it at compile time, run here
// too; a Field with no row (cast from an integer) has none.
TEST_CASE("the field table checks itself", "[fields]") {
  CHECK(detail::fields_consistent());
  for (const Field field : enum_values<Field>()) CHECK(detail::is_enumerator(field));
  CHECK_FALSE(detail::is_enumerator(static_cast<Field>(4)));
  CHECK(detail::one_row_per_enumerator(detail::fields, &detail::FieldInfo::field, detail::is_enumerator));
  const detail::FieldInfo without_last_row[] = {detail::fields[0], detail::fields[1], detail::fields[2]};
  CHECK_FALSE(detail::one_row_per_enumerator(without_last_row, &detail::FieldInfo::field, detail::is_enumerator));
  const detail::FieldInfo swapped[] = {detail::fields[0], detail::fields[1], detail::fields[3], detail::fields[2]};
  CHECK_FALSE(detail::one_row_per_enumerator(swapped, &detail::FieldInfo::field, detail::is_enumerator));

  // Each setting's enumerators are exactly its row's values: the legacy 1 and
  // the first code after the last value are none.
  CHECK(detail::values_are_enumerators<AtomicCleanPolicy>());
  CHECK(detail::values_are_enumerators<StaticMemoryPolicy>());
  CHECK(detail::values_are_enumerators<MemoryOptimizationPolicy>());
  CHECK(detail::values_are_enumerators<HugePagePolicy>());
  CHECK(detail::is_enumerator(StaticMemoryPolicy::expand_static_and_dynamic_shape));
  CHECK_FALSE(detail::is_enumerator(static_cast<StaticMemoryPolicy>(1)));
  CHECK_FALSE(detail::is_enumerator(static_cast<StaticMemoryPolicy>(5)));
  CHECK_FALSE(detail::is_enumerator(static_cast<AtomicCleanPolicy>(2)));
  CHECK_FALSE(detail::is_enumerator(static_cast<MemoryOptimizationPolicy>(2)));
  CHECK(detail::is_enumerator(HugePagePolicy::prefer_1g));
  CHECK_FALSE(detail::is_enumerator(static_cast<HugePagePolicy>(3)));
}
