// Every row of the target table against the frameworks as docs/settings.md
// describes them, each cell a literal:
// how the target carries each field, by which key and scope, and what it
// runs when its form leaves the field out (or forces).
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

#include <npu/memory_config.hpp>

using namespace npu;
using detail::TargetRuntime;

static_assert(detail::indexed_by(detail::targets, &detail::TargetInfo::target, 6) &&
                  detail::carry_every_field(detail::targets),
              "one row per target, each field carried with a key or a value");

namespace {

struct Cell {
  detail::Carriage carriage;
  std::string_view key;
  detail::GeScope scope;
  std::optional<std::uint8_t> code;
};

void check_row(TargetRuntime target, std::string_view name, const Cell (&expected)[detail::field_count]) {
  const detail::TargetInfo& row = detail::target_info(target);
  CHECK(row.target == target);
  CHECK(row.name == name);
  for (std::size_t i = 0; i < detail::field_count; ++i) {
    INFO(name << ": " << detail::fields[i].name);
    const detail::TargetField& carried = row.of(static_cast<Field>(i));
    CHECK(carried.carriage == expected[i].carriage);
    CHECK(carried.key == expected[i].key);
    CHECK(carried.scope == expected[i].scope);
    CHECK(carried.code == expected[i].code);
  }
}

}  // namespace

TEST_CASE("TF1 carries every field by its name, with the engine's defaults", "[targets]") {
  check_row(TargetRuntime::tf1, "tf1",
            {{detail::Carriage::option, "atomic_clean_policy", detail::GeScope::none, 0},
             {detail::Carriage::option, "static_memory_policy", detail::GeScope::none, 0},
             {detail::Carriage::option, "memory_optimization_policy", detail::GeScope::none, std::nullopt},
             {detail::Carriage::option, "variable_use_1g_huge_page", detail::GeScope::none, 0}});
}

TEST_CASE("GE carries every field by its GE key, in its scope", "[targets]") {
  check_row(TargetRuntime::ge, "ge",
            {{detail::Carriage::option, "ge.exec.atomicCleanPolicy", detail::GeScope::session, 0},
             {detail::Carriage::option, "ge.exec.staticMemoryPolicy", detail::GeScope::global, 0},
             {detail::Carriage::option, "ge.exec.memoryOptimizationPolicy", detail::GeScope::session, std::nullopt},
             {detail::Carriage::option, "ge.variableUse1gHugePage", detail::GeScope::global_and_session, 0}});
  CHECK(detail::ge_key(Field::static_memory_policy) == "ge.exec.staticMemoryPolicy");
}

TEST_CASE("TF2 has no memory_optimization_policy", "[targets]") {
  check_row(TargetRuntime::tf2, "tf2",
            {{detail::Carriage::option, "atomic_clean_policy", detail::GeScope::none, 0},
             {detail::Carriage::option, "static_memory_policy", detail::GeScope::none, 0},
             {detail::Carriage::not_carried, "", detail::GeScope::none, std::nullopt},
             {detail::Carriage::option, "variable_use_1g_huge_page", detail::GeScope::none, 0}});
}

TEST_CASE("MindSpore: atomic_clean_policy at the top, GE keys in ge_options, its own defaults", "[targets]") {
  check_row(TargetRuntime::mindspore, "mindspore",
            {{detail::Carriage::option, "atomic_clean_policy", detail::GeScope::none, 1},
             {detail::Carriage::option, "ge.exec.staticMemoryPolicy", detail::GeScope::global, 2},
             {detail::Carriage::option, "ge.exec.memoryOptimizationPolicy", detail::GeScope::global, 1},
             {detail::Carriage::option, "ge.variableUse1gHugePage", detail::GeScope::global_and_session, 0}});
}

TEST_CASE("torchair forces three options, GE_USE_STATIC_MEMORY is its only lever", "[targets]") {
  check_row(TargetRuntime::torchair, "torchair",
            {{detail::Carriage::forced, "", detail::GeScope::none, 1},
             {detail::Carriage::environment, "GE_USE_STATIC_MEMORY", detail::GeScope::none, 2},
             {detail::Carriage::forced, "", detail::GeScope::none, 1},
             {detail::Carriage::not_carried, "", detail::GeScope::none, 0}});
}

TEST_CASE("MindSpore Lite: GE keys by section, and its own static policy 2 in the session", "[targets]") {
  check_row(TargetRuntime::mslite, "mslite",
            {{detail::Carriage::option, "ge.exec.atomicCleanPolicy", detail::GeScope::session, 0},
             {detail::Carriage::option, "ge.exec.staticMemoryPolicy", detail::GeScope::session, 2},
             {detail::Carriage::option, "ge.exec.memoryOptimizationPolicy", detail::GeScope::session, std::nullopt},
             {detail::Carriage::option, "ge.variableUse1gHugePage", detail::GeScope::global_and_session, 0}});
  CHECK(detail::target_info(TargetRuntime::mslite).framework == "MindSpore Lite");
}

TEST_CASE("a runtime is named by its form, as the tool names it", "[targets]") {
  CHECK(detail::target_of(*enum_cast<Form>("mindspore")) == TargetRuntime::mindspore);
  CHECK(detail::target_of(*enum_cast<Form>("torchair")) == TargetRuntime::torchair);
  CHECK(detail::target_of(*enum_cast<Form>("tf1")) == TargetRuntime::tf1);
  CHECK(detail::target_of(*enum_cast<Form>("mslite")) == TargetRuntime::mslite);
  CHECK(detail::target_of(Form::ge) == TargetRuntime::ge);
  CHECK(detail::target_of(Form::tf2) == TargetRuntime::tf2);
  CHECK(detail::target_of(Form::json) == std::nullopt);  // a config file: no runtime
  CHECK_FALSE(enum_cast<Form>("MindSpore"));
  // The runtimes' table names each row as its form is named.
  CHECK(detail::target_info(TargetRuntime::ge).name == "ge");
  CHECK(detail::target_info(TargetRuntime::tf2).name == "tf2");
  CHECK(detail::target_info(TargetRuntime::tf2).framework == "the TF2 adapter");
}

TEST_CASE("a GE scope is global, session or both", "[targets]") {
  CHECK(detail::in_scope(detail::GeScope::global_and_session, detail::GeScope::global));
  CHECK(detail::in_scope(detail::GeScope::global_and_session, detail::GeScope::session));
  CHECK(detail::in_scope(detail::GeScope::session, detail::GeScope::session));
  CHECK_FALSE(detail::in_scope(detail::GeScope::global, detail::GeScope::session));
  CHECK_FALSE(detail::in_scope(detail::GeScope::session, detail::GeScope::global));
  CHECK_FALSE(detail::in_scope(detail::GeScope::none, detail::GeScope::global));
}

// The real table passes this check in the static_assert above.
TEST_CASE("the target table's check catches a broken row", "[targets]") {
  CHECK(detail::indexed_by(detail::targets, &detail::TargetInfo::target, 6));
  CHECK(detail::carry_every_field(detail::targets));
  const detail::TargetInfo swapped[] = {detail::targets[1], detail::targets[0], detail::targets[2],
                                        detail::targets[3], detail::targets[4], detail::targets[5]};
  CHECK_FALSE(detail::indexed_by(swapped, &detail::TargetInfo::target, 6));
  const detail::TargetInfo missing_row[] = {detail::targets[0], detail::targets[1], detail::targets[2],
                                            detail::targets[3], detail::targets[4]};
  CHECK_FALSE(detail::indexed_by(missing_row, &detail::TargetInfo::target, 6));

  detail::TargetInfo keyless = detail::targets[0];
  keyless.fields[1].key = {};  // an option needs its key
  const detail::TargetInfo with_keyless[] = {
      keyless, detail::targets[1], detail::targets[2], detail::targets[3], detail::targets[4], detail::targets[5]};
  CHECK_FALSE(detail::carry_every_field(with_keyless));
  detail::TargetInfo forced_legacy = detail::targets[4];
  forced_legacy.fields[1].code = 1;  // static_memory_policy's legacy 1 is no value
  const detail::TargetInfo with_legacy[] = {detail::targets[0], detail::targets[1], detail::targets[2],
                                            detail::targets[3], forced_legacy,      detail::targets[5]};
  CHECK_FALSE(detail::carry_every_field(with_legacy));
  detail::TargetInfo unset_atomic = detail::targets[3];
  unset_atomic.fields[0].code = std::nullopt;  // only the policy may be unset
  const detail::TargetInfo with_unset[] = {detail::targets[0], detail::targets[1], detail::targets[2],
                                           unset_atomic,       detail::targets[4], detail::targets[5]};
  CHECK_FALSE(detail::carry_every_field(with_unset));
  detail::TargetInfo key_where_forced = detail::targets[4];
  key_where_forced.fields[0].key = "ge.exec.atomicCleanPolicy";
  const detail::TargetInfo with_key[] = {detail::targets[0], detail::targets[1], detail::targets[2],
                                         detail::targets[3], key_where_forced,   detail::targets[5]};
  CHECK_FALSE(detail::carry_every_field(with_key));
}

// GE's graph-level option list (hicann/ge option_supportion_checker.cc).
TEST_CASE("the engine takes the atomic and the optimization policy at graph level, not the other two", "[targets]") {
  CHECK(detail::ge_graph_level_takes(Field::atomic_clean_policy));
  CHECK(detail::ge_graph_level_takes(Field::memory_optimization_policy));
  CHECK_FALSE(detail::ge_graph_level_takes(Field::static_memory_policy));
  CHECK_FALSE(detail::ge_graph_level_takes(Field::variable_use_1g_huge_page));
}
