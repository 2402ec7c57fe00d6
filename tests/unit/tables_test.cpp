// The tables every form derives from, checked against the spec with literal
// expectations. They are built at compile time for the library; here they
// are built at run time, and the checks that guard the field table are shown
// to catch a broken one.
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

namespace {

template <class Table>
std::vector<std::string_view> keys_of(const Table& table) {
  std::vector<std::string_view> keys;
  for (std::size_t i = 0; i < table.size; ++i) keys.push_back(table.bindings[i].key);
  return keys;
}

std::vector<std::string_view> short_keys_in(const detail::FieldOrder& order) {
  std::vector<std::string_view> names;
  for (const std::size_t index : order) names.push_back(fields[index].name);
  return names;
}

using Use = detail::KeyUse;

std::vector<Use> uses_of(const detail::KeyTable& table) {
  std::vector<Use> uses;
  for (std::size_t i = 0; i < table.size; ++i) uses.push_back(table.bindings[i].use);
  return uses;
}

// A form's key table, built at run time (the library builds them at compile
// time), so that the code that builds it runs here.
detail::KeyTable built(detail::KeyForm form) {
  volatile auto runtime_form = form;
  return detail::make_key_table(runtime_form);
}

}  // namespace

TEST_CASE("GE maps are read by their GE keys and the adapter's short keys (spec 5, 6)", "[tables]") {
  const detail::KeyTable ge = built(detail::KeyForm::ge);
  CHECK(keys_of(ge) == std::vector<std::string_view>{"ge.exec.atomicCleanPolicy", "ge.exec.staticMemoryPolicy",
                                                     "ge.exec.memoryOptimizationPolicy", "ge.variableUse1gHugePage",
                                                     "atomic_clean_policy", "static_memory_policy",
                                                     "memory_optimization_policy", "variable_use_1g_huge_page"});
  CHECK(uses_of(ge) == std::vector<Use>(8, Use::read));
  CHECK(ge.bindings[5].field == Field::static_memory_policy);
}

TEST_CASE("TF2 maps cannot carry memory_optimization_policy nor GE keys, TF1 maps and files can (spec 4, 6)",
          "[tables]") {
  const detail::KeyTable tf2 = built(detail::KeyForm::tf2);
  const detail::KeyTable tf1 = built(detail::KeyForm::short_keys);
  CHECK(keys_of(tf2) == std::vector<std::string_view>{"atomic_clean_policy", "static_memory_policy",
                                                      "memory_optimization_policy", "variable_use_1g_huge_page",
                                                      "ge.exec.atomicCleanPolicy", "ge.exec.staticMemoryPolicy",
                                                      "ge.exec.memoryOptimizationPolicy", "ge.variableUse1gHugePage"});
  CHECK(uses_of(tf2) == std::vector<Use>{Use::read, Use::read, Use::not_carried, Use::read, Use::other_form,
                                         Use::other_form, Use::not_carried, Use::other_form});
  CHECK(tf2.bindings[4].form_key == "atomic_clean_policy");
  CHECK(tf2.other_form_is_error);
  CHECK(keys_of(tf1) == std::vector<std::string_view>{"atomic_clean_policy", "static_memory_policy",
                                                      "memory_optimization_policy", "variable_use_1g_huge_page"});
  CHECK(uses_of(tf1) == std::vector<Use>(4, Use::read));
}

TEST_CASE("MindSpore reads atomic_clean_policy at its top and GE keys in ge_options, other keys only warn (spec 9)",
          "[tables]") {
  const detail::KeyTable top = built(detail::KeyForm::mindspore_top);
  CHECK(keys_of(top) == std::vector<std::string_view>{"atomic_clean_policy", "ge.exec.atomicCleanPolicy",
                                                      "static_memory_policy", "ge.exec.staticMemoryPolicy",
                                                      "memory_optimization_policy", "ge.exec.memoryOptimizationPolicy",
                                                      "variable_use_1g_huge_page", "ge.variableUse1gHugePage"});
  CHECK(uses_of(top) == std::vector<Use>{Use::read, Use::other_form, Use::other_form, Use::other_form, Use::other_form,
                                         Use::other_form, Use::other_form, Use::other_form});
  CHECK(top.bindings[2].form_key == "ge.exec.staticMemoryPolicy");
  CHECK_FALSE(top.other_form_is_error);

  const detail::KeyTable level = built(detail::KeyForm::mindspore_ge_options);
  CHECK(keys_of(level) == std::vector<std::string_view>{"ge.exec.atomicCleanPolicy", "ge.exec.staticMemoryPolicy",
                                                        "ge.exec.memoryOptimizationPolicy", "ge.variableUse1gHugePage",
                                                        "atomic_clean_policy", "static_memory_policy",
                                                        "memory_optimization_policy", "variable_use_1g_huge_page"});
  CHECK(uses_of(level) == std::vector<Use>{Use::read, Use::read, Use::read, Use::read, Use::other_form, Use::other_form,
                                           Use::other_form, Use::other_form});
  CHECK(level.bindings[7].form_key == "ge.variableUse1gHugePage");
  CHECK_FALSE(level.other_form_is_error);
}

TEST_CASE("each form's fields come out sorted by its keys (spec 5, 9)", "[tables]") {
  const auto global = detail::fields_sorted_by(target_info(TargetRuntime::ge), GeScope::global);
  const auto session = detail::fields_sorted_by(target_info(TargetRuntime::ge), GeScope::session);
  const auto all = detail::fields_sorted_by(target_info(TargetRuntime::tf1), GeScope::none);
  const auto tf2 = detail::fields_sorted_by(target_info(TargetRuntime::tf2), GeScope::none);
  const auto mindspore_top = detail::fields_sorted_by(target_info(TargetRuntime::mindspore), GeScope::none);
  const auto mindspore_global = detail::fields_sorted_by(target_info(TargetRuntime::mindspore), GeScope::global);
  const auto mindspore_session = detail::fields_sorted_by(target_info(TargetRuntime::mindspore), GeScope::session);
  CHECK(short_keys_in(global) == std::vector<std::string_view>{"static_memory_policy", "variable_use_1g_huge_page"});
  CHECK(short_keys_in(session) == std::vector<std::string_view>{"atomic_clean_policy", "memory_optimization_policy",
                                                                "variable_use_1g_huge_page"});
  CHECK(short_keys_in(all) == std::vector<std::string_view>{"atomic_clean_policy", "memory_optimization_policy",
                                                            "static_memory_policy", "variable_use_1g_huge_page"});
  CHECK(short_keys_in(tf2) ==
        std::vector<std::string_view>{"atomic_clean_policy", "static_memory_policy", "variable_use_1g_huge_page"});
  CHECK(short_keys_in(mindspore_top) == std::vector<std::string_view>{"atomic_clean_policy"});
  // ge.exec.memoryOptimizationPolicy < ge.exec.staticMemoryPolicy < ge.variableUse1gHugePage
  CHECK(short_keys_in(mindspore_global) == std::vector<std::string_view>{"memory_optimization_policy",
                                                                         "static_memory_policy",
                                                                         "variable_use_1g_huge_page"});
  CHECK(short_keys_in(mindspore_session) == std::vector<std::string_view>{"variable_use_1g_huge_page"});
}

TEST_CASE("scopes: the huge-page option goes to both (spec 5)", "[tables]") {
  CHECK(in_scope(GeScope::global_and_session, GeScope::global));
  CHECK(in_scope(GeScope::global_and_session, GeScope::session));
  CHECK(in_scope(GeScope::session, GeScope::session));
  CHECK_FALSE(in_scope(GeScope::global, GeScope::session));
  CHECK_FALSE(in_scope(GeScope::session, GeScope::global));
}

TEST_CASE("the code lookup has the table's values and nothing else", "[tables]") {
  const detail::ValueLookup lookup = detail::make_value_lookup();
  const auto static_policy = static_cast<std::size_t>(Field::static_memory_policy);
  CHECK(lookup.entries[static_policy][1] == nullptr);  // the legacy alias is no value
  REQUIRE(lookup.entries[static_policy][4] != nullptr);
  CHECK(lookup.entries[static_policy][4]->name == "expand_static_and_dynamic_shape");
  CHECK(lookup.entries[static_cast<std::size_t>(Field::variable_use_1g_huge_page)][3] == nullptr);
  CHECK(lookup.entries[static_cast<std::size_t>(Field::memory_optimization_policy)][1]->runtime_text ==
        "MemoryPriority");
}

TEST_CASE("the canonical JSON buffer holds exactly the longest config's text", "[tables]") {
  // {"atomic_clean_policy":1,"memory_optimization_policy":"MemoryPriority",
  //  "static_memory_policy":4,"variable_use_1g_huge_page":2}
  CHECK(detail::longest_canonical_json() == 126);
}

// The real tables pass these checks in static_asserts beside them; here each
// check is shown to reject a broken table.
TEST_CASE("the field table's compile-time checks catch a broken table", "[tables]") {
  const FieldInfo swapped[] = {fields[1], fields[0], fields[2], fields[3]};
  CHECK_FALSE(detail::rows_follow_field_order(swapped));
  const FieldInfo missing_row[] = {fields[0], fields[1], fields[2]};
  CHECK_FALSE(detail::rows_follow_field_order(missing_row));

  const ValueInfo misspelled[] = {{2, "expand_static_shape", "3", "", false}};
  FieldInfo wrong_text = fields[1];
  wrong_text.values = misspelled;
  const FieldInfo with_wrong_text[] = {fields[0], wrong_text};
  CHECK_FALSE(detail::codes_are_consistent(with_wrong_text));
  const ValueInfo too_large[] = {{9, "nine", "9", "", false}};
  FieldInfo wrong_code = fields[0];
  wrong_code.values = too_large;
  const FieldInfo with_wrong_code[] = {wrong_code};
  CHECK_FALSE(detail::codes_are_consistent(with_wrong_code));

  CHECK_FALSE(detail::one_row_per_enumerator<AtomicCleanPolicy>(AtomicCleanPolicy::centralized));
  CHECK_FALSE(detail::one_row_per_enumerator<HugePagePolicy>(HugePagePolicy::system_default, HugePagePolicy::require_1g,
                                                             static_cast<HugePagePolicy>(3)));
}

TEST_CASE("TF1 parameters compare by key, kind and value", "[tables]") {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  const Tf1ParameterMap parameters = tf1_parameter_map(config);
  CHECK(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::i, 1, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::i, 0, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"static_memory_policy", {Tf1Value::Kind::i, 1, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::s, 1, "1"}});
  CHECK(Tf1Value{Tf1Value::Kind::s, 0, "BalanceMode"} == Tf1Value{Tf1Value::Kind::s, 7, "BalanceMode"});
  MemoryConfig other = config;
  other.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(tf1_parameter_map(other) != parameters);  // same keys, one value differs
  CHECK(tf1_parameter_map(config) == parameters);
  other = config;
  other.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(tf1_parameter_map(other) != parameters);  // one parameter more
  CHECK(ge_options(other).session != ge_options(config).session);
  CHECK_FALSE(Tf1Value{Tf1Value::Kind::s, 0, "BalanceMode"} == Tf1Value{Tf1Value::Kind::s, 0, "MemoryPriority"});
  CHECK_FALSE(static_cast<bool>(
      read_ge_options(std::vector<std::pair<std::string, std::string>>{{"ge.exec.atomicCleanPolicy", "7"}})));
}
