// Every row of the target table against the frameworks as docs/settings.md
// describes them, each cell a literal:
// how the target carries each field, by which key and scope, and what it
// runs when its form leaves the field out (or forces).
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

#include <npu/memory_config.hpp>
#include "table_checks.hpp"

using namespace npu;

static_assert(test::targets_are_consistent(targets, 6), "one row per target, each field carried with a key or a value");

namespace {

struct Cell {
  Carriage carriage;
  std::string_view key;
  GeScope scope;
  std::optional<std::uint8_t> code;
};

void check_row(TargetRuntime target, std::string_view name, const Cell (&expected)[field_count]) {
  const TargetInfo& row = target_info(target);
  CHECK(row.target == target);
  CHECK(row.name == name);
  for (std::size_t i = 0; i < field_count; ++i) {
    INFO(name << ": " << fields[i].name);
    const TargetField& carried = row.of(static_cast<Field>(i));
    CHECK(carried.carriage == expected[i].carriage);
    CHECK(carried.key == expected[i].key);
    CHECK(carried.scope == expected[i].scope);
    CHECK(carried.code == expected[i].code);
  }
}

}  // namespace

TEST_CASE("TF1 carries every field by its name, with the engine's defaults", "[targets]") {
  check_row(TargetRuntime::tf1, "tf1",
            {{Carriage::option, "atomic_clean_policy", GeScope::none, 0},
             {Carriage::option, "static_memory_policy", GeScope::none, 0},
             {Carriage::option, "memory_optimization_policy", GeScope::none, std::nullopt},
             {Carriage::option, "variable_use_1g_huge_page", GeScope::none, 0}});
}

TEST_CASE("GE carries every field by its GE key, in its scope", "[targets]") {
  check_row(TargetRuntime::ge, "ge",
            {{Carriage::option, "ge.exec.atomicCleanPolicy", GeScope::session, 0},
             {Carriage::option, "ge.exec.staticMemoryPolicy", GeScope::global, 0},
             {Carriage::option, "ge.exec.memoryOptimizationPolicy", GeScope::session, std::nullopt},
             {Carriage::option, "ge.variableUse1gHugePage", GeScope::global_and_session, 0}});
  CHECK(ge_key(Field::static_memory_policy) == "ge.exec.staticMemoryPolicy");
}

TEST_CASE("TF2 has no memory_optimization_policy", "[targets]") {
  check_row(TargetRuntime::tf2, "tf2",
            {{Carriage::option, "atomic_clean_policy", GeScope::none, 0},
             {Carriage::option, "static_memory_policy", GeScope::none, 0},
             {Carriage::not_carried, "", GeScope::none, std::nullopt},
             {Carriage::option, "variable_use_1g_huge_page", GeScope::none, 0}});
}

TEST_CASE("MindSpore: atomic_clean_policy at the top, GE keys in ge_options, its own defaults", "[targets]") {
  check_row(TargetRuntime::mindspore, "mindspore",
            {{Carriage::option, "atomic_clean_policy", GeScope::none, 1},
             {Carriage::option, "ge.exec.staticMemoryPolicy", GeScope::global, 2},
             {Carriage::option, "ge.exec.memoryOptimizationPolicy", GeScope::global, 1},
             {Carriage::option, "ge.variableUse1gHugePage", GeScope::global_and_session, 0}});
}

TEST_CASE("torchair forces three options, GE_USE_STATIC_MEMORY is its only lever", "[targets]") {
  check_row(TargetRuntime::torchair, "torchair",
            {{Carriage::forced, "", GeScope::none, 1},
             {Carriage::environment, "GE_USE_STATIC_MEMORY", GeScope::none, 2},
             {Carriage::forced, "", GeScope::none, 1},
             {Carriage::not_carried, "", GeScope::none, 0}});
}

TEST_CASE("MindSpore Lite: GE keys by section, and its own static policy 2 in the session", "[targets]") {
  check_row(TargetRuntime::mslite, "mslite",
            {{Carriage::option, "ge.exec.atomicCleanPolicy", GeScope::session, 0},
             {Carriage::option, "ge.exec.staticMemoryPolicy", GeScope::session, 2},
             {Carriage::option, "ge.exec.memoryOptimizationPolicy", GeScope::session, std::nullopt},
             {Carriage::option, "ge.variableUse1gHugePage", GeScope::global_and_session, 0}});
  CHECK(target_info(TargetRuntime::mslite).framework == "MindSpore Lite");
}

TEST_CASE("targets are found by the names the tool uses", "[targets]") {
  CHECK(target_from_name("mindspore") == TargetRuntime::mindspore);
  CHECK(target_from_name("torchair") == TargetRuntime::torchair);
  CHECK(target_from_name("tf1") == TargetRuntime::tf1);
  CHECK(target_from_name("mslite") == TargetRuntime::mslite);
  CHECK_FALSE(target_from_name("json"));
  CHECK_FALSE(target_from_name("MindSpore"));
  CHECK(enum_name(TargetRuntime::ge) == "ge");
  CHECK(enum_name(TargetRuntime::tf2) == "tf2");
  CHECK(target_info(TargetRuntime::tf2).framework == "the TF2 adapter");
}

TEST_CASE("a GE scope is global, session or both", "[targets]") {
  CHECK(in_scope(GeScope::global_and_session, GeScope::global));
  CHECK(in_scope(GeScope::global_and_session, GeScope::session));
  CHECK(in_scope(GeScope::session, GeScope::session));
  CHECK_FALSE(in_scope(GeScope::global, GeScope::session));
  CHECK_FALSE(in_scope(GeScope::session, GeScope::global));
  CHECK_FALSE(in_scope(GeScope::none, GeScope::global));
}

// The real table passes this check in the static_assert above.
TEST_CASE("the target table's check catches a broken row", "[targets]") {
  CHECK(test::targets_are_consistent(targets, 6));
  const TargetInfo swapped[] = {targets[1], targets[0], targets[2], targets[3], targets[4], targets[5]};
  CHECK_FALSE(test::targets_are_consistent(swapped, 6));
  const TargetInfo missing_row[] = {targets[0], targets[1], targets[2], targets[3], targets[4]};
  CHECK_FALSE(test::targets_are_consistent(missing_row, 6));

  TargetInfo keyless = targets[0];
  keyless.fields[1].key = {};  // an option needs its key
  const TargetInfo with_keyless[] = {keyless, targets[1], targets[2], targets[3], targets[4], targets[5]};
  CHECK_FALSE(test::targets_are_consistent(with_keyless, 6));
  TargetInfo forced_legacy = targets[4];
  forced_legacy.fields[1].code = 1;  // static_memory_policy's legacy 1 is no value
  const TargetInfo with_legacy[] = {targets[0], targets[1], targets[2], targets[3], forced_legacy, targets[5]};
  CHECK_FALSE(test::targets_are_consistent(with_legacy, 6));
  TargetInfo unset_atomic = targets[3];
  unset_atomic.fields[0].code = std::nullopt;  // only the policy may be unset
  const TargetInfo with_unset[] = {targets[0], targets[1], targets[2], unset_atomic, targets[4], targets[5]};
  CHECK_FALSE(test::targets_are_consistent(with_unset, 6));
  TargetInfo key_where_forced = targets[4];
  key_where_forced.fields[0].key = "ge.exec.atomicCleanPolicy";
  const TargetInfo with_key[] = {targets[0], targets[1], targets[2], targets[3], key_where_forced, targets[5]};
  CHECK_FALSE(test::targets_are_consistent(with_key, 6));
}

// GE's graph-level option list (hicann/ge option_supportion_checker.cc).
TEST_CASE("the engine takes the atomic and the optimization policy at graph level, not the other two", "[targets]") {
  CHECK(ge_graph_level_takes(Field::atomic_clean_policy));
  CHECK(ge_graph_level_takes(Field::memory_optimization_policy));
  CHECK_FALSE(ge_graph_level_takes(Field::static_memory_policy));
  CHECK_FALSE(ge_graph_level_takes(Field::variable_use_1g_huge_page));
}
