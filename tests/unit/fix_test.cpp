// Fixes that work (the spec's section 17): every remedy of a diagnostic's
// fix, applied, makes that diagnostic go away and adds no error; none
// proposes the value already there; none changes only the option where
// GE_USE_STATIC_MEMORY decides; none turns a TF2 job's 1 into 2; a
// warning's keeps what runs. Checked over the space of configs and
// contexts: each dimension against each other (pairwise) here, the whole
// product in the hidden "[whole-space]" case the full suite runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/settings/ostream.hpp>

#include "all_configs.hpp"

using namespace npu;

namespace {

// One point of the space: a config as a reader left it, where it runs.
struct FixCase {
  MemoryConfig config;
  Provenance provenance;
  ValidationContext context;
};

// The dimensions, each a list of ways to change a FixCase; a point picks one
// of each.
using FixChoice = std::function<void(FixCase&)>;
using FixDimension = std::vector<FixChoice>;

// A cast code per field (one no table holds), beside the 72 valid configs.
FixDimension config_choices() {
  FixDimension out;
  for (const MemoryConfig& config : test::all_configs()) {
    out.emplace_back([config](FixCase& c) { c.config = config; });
  }
  for (const detail::FieldInfo& field : detail::fields) {
    out.emplace_back([&field](FixCase& c) { c.config.set_code(field.field, std::uint8_t{9}); });
  }
  return out;
}

// Where the values came from: all written in a file, at positions; the
// static policy given as the legacy "1"; or a reader's result for the
// runtime's form, where a field the text leaves out holds the framework's
// value (MindSpore's, Lite's) and is not given.
FixDimension provenance_choices() {
  const auto in_file = [](FixCase& c) {
    c.provenance = Provenance::all_from("job.json");
    std::size_t line = 2;
    for (Provenance::FieldOrigin& field : c.provenance.fields) field.origin.position = {line++, 3};
  };
  return {
      in_file,
      [in_file](FixCase& c) {
        in_file(c);
        if (c.config.static_memory_policy == StaticMemoryPolicy::expand_static_shape) {
          c.provenance.of(Field::static_memory_policy).legacy_alias = true;
        }
      },
      [in_file](FixCase& c) {
        in_file(c);
        const std::optional<detail::TargetRuntime> target = detail::target_of(c.context.target);
        for (const detail::FieldInfo& field : detail::fields) {
          const std::optional<std::uint8_t> absent =
              target && detail::target_info(*target).of(field.field).carriage == detail::Carriage::option
                  ? detail::target_info(*target).of(field.field).code
                  : detail::engine_default(field.field);
          if (c.config.code(field.field) != absent) continue;
          c.provenance.of(field.field) = {};
          if (absent != detail::engine_default(field.field)) {
            c.provenance.of(field.field).origin.source = "the framework's defaults";
          }
        }
      },
  };
}

FixDimension product_choices() {
  FixDimension out{[](FixCase&) {}};
  for (const Product product : enum_values<Product>()) {
    out.emplace_back([product](FixCase& c) { c.context.product = product; });
  }
  for (const char* soc : {"Ascend910B2", "Ascend310P3", "Ascend910_9391", "Ascend999"}) {
    out.emplace_back([soc](FixCase& c) { c.context.soc_version = soc; });
  }
  out.emplace_back([](FixCase& c) {  // a product and a SoC of another
    c.context.product = Product::atlas_a2;
    c.context.soc_version = "Ascend310P3";
  });
  return out;
}

// Each release a rule turns at, the one before it where there is one, and
// the latest rules (none named).
FixDimension release_choices() {
  FixDimension out{[](FixCase&) {}};
  for (const char* release : {"5.1.RC1", "6.0.1", "6.3.RC1", "6.3.RC1.alpha002", "8.0.RC1", "8.0.RC2",
                              "8.0.RC3.alpha002", "8.0.RC3", "8.1.RC1", "8.2.RC1.alpha002", "9.0.0"}) {
    const std::optional<CannRelease> parsed = CannRelease::parse(release);
    REQUIRE(parsed);
    out.emplace_back([parsed](FixCase& c) { c.context.cann_release = parsed; });
  }
  return out;
}

FixDimension concurrency_choices() {
  return {[](FixCase& c) { c.context.concurrent_graphs = false; },
          [](FixCase& c) { c.context.concurrent_graphs = true; }};
}

// Unset, each value the engine reads, one it ignores; from the environment
// or from a script's line.
FixDimension variable_choices() {
  static const Origin script_line{"run.sh", {}, {}, {23, 8}};
  FixDimension out{[](FixCase& c) { c.context.ge_use_static_memory = std::nullopt; }};
  for (const char* value : {"0", "1", "2", "3", "4", "yes"}) {
    out.emplace_back([value](FixCase& c) { c.context.ge_use_static_memory = std::string_view(value); });
  }
  out.emplace_back([](FixCase& c) {
    c.context.ge_use_static_memory = std::string_view("3");
    c.context.ge_use_static_memory_origin = &script_line;
  });
  return out;
}

FixDimension runtime_choices() {
  FixDimension out;
  for (const Form form : enum_values<Form>()) out.emplace_back([form](FixCase& c) { c.context.target = form; });
  return out;
}

// In the order a FixCase is built: the runtime before the provenance that
// depends on it.
std::vector<FixDimension> dimensions() {
  return {runtime_choices(), config_choices(),      provenance_choices(), product_choices(),
          release_choices(), concurrency_choices(), variable_choices()};
}

FixCase make_case(const std::vector<FixDimension>& space, const std::vector<std::size_t>& picks) {
  FixCase c;
  for (std::size_t i = 0; i < space.size(); ++i) space[i][picks[i]](c);
  return c;
}

// The test's own reading of an edit (the spec's, not the library's code):
// a value set where it was given, a setting removed to what its runtime
// runs without it, the variable set or unset.
void apply_as_spec(const Remedy& remedy, FixCase& c) {
  for (const Edit& edit : remedy.edits) {
    switch (edit.action) {
      case EditAction::set_value:
        c.config.set_code(*edit.field, edit.code);
        c.provenance.of(*edit.field) = {true, edit.at, false};
        break;
      case EditAction::remove_setting: {
        std::optional<std::uint8_t> runs = detail::engine_default(*edit.field);
        if (c.context.target == Form::mindspore) {
          runs = detail::target_info(detail::TargetRuntime::mindspore).of(*edit.field).code;
        }
        if (c.context.target == Form::mslite && edit.field == Field::static_memory_policy) runs = 2;
        c.config.set_code(*edit.field, runs);
        c.provenance.of(*edit.field) = {};
        break;
      }
      case EditAction::set_variable:
        c.context.ge_use_static_memory = edit.variable_value;
        break;
      case EditAction::unset_variable:
        c.context.ge_use_static_memory = std::nullopt;
        break;
    }
  }
}

// The test's own list of what might clear a problem of `field`: each value
// of it (unset too, where it may be), its removal, each value of the
// variable, the variable unset, and for the static policy each value with
// the variable unset.
std::vector<Remedy> every_remedy(Field field, const Origin& at) {
  std::vector<Edit> field_edits;
  for (const detail::ValueInfo& value : detail::field_info(field).values) {
    field_edits.push_back({EditAction::set_value, field, value.code, {}, at});
  }
  if (detail::field_info(field).optional) field_edits.push_back({EditAction::set_value, field, std::nullopt, {}, at});
  field_edits.push_back({EditAction::remove_setting, field, std::nullopt, {}, at});
  const Edit unset{EditAction::unset_variable, std::nullopt, std::nullopt, {}, {}};
  std::vector<Remedy> out;
  for (const Edit& edit : field_edits) {
    out.push_back({{edit}});
    if (field == Field::static_memory_policy) out.push_back({{edit, unset}});  // the variable is this setting's
  }
  out.push_back({{unset}});
  for (const char* value : {"0", "2", "3", "4"}) {
    out.push_back({{{EditAction::set_variable, std::nullopt, std::nullopt, value, {}}}});
  }
  return out;
}

bool same_problem_as(const Diagnostic& a, const Diagnostic& b) {
  return a.severity == b.severity && a.code == b.code && a.field == b.field && a.key == b.key &&
         a.origin.source == b.origin.source;
}

std::string describe_case(const FixCase& c) {
  std::ostringstream config;
  config << c.config;
  std::string text = "config " + config.str() + " on " + std::string(enum_name(c.context.target));
  if (c.context.product) text += ", product " + std::string(enum_name(*c.context.product));
  if (!c.context.soc_version.empty()) text += ", soc " + std::string(c.context.soc_version);
  if (c.context.cann_release) text += ", CANN " + to_string(*c.context.cann_release);
  if (c.context.concurrent_graphs) text += ", concurrent graphs";
  if (c.context.ge_use_static_memory) text += ", GE_USE_STATIC_MEMORY=" + std::string(*c.context.ge_use_static_memory);
  if (c.provenance.of(Field::static_memory_policy).legacy_alias) text += ", static given as 1";
  return text;
}

// Whether `remedy` clears `diagnostic` of `c` and adds no error.
bool clears(const Remedy& remedy, const Diagnostic& diagnostic, const std::vector<Diagnostic>& before,
            const FixCase& c) {
  FixCase fixed = c;
  apply_as_spec(remedy, fixed);
  for (const Diagnostic& after : validate(fixed.config, fixed.context, fixed.provenance)) {
    if (same_problem_as(after, diagnostic)) return false;
    const auto was_there = [&](const Diagnostic& had) { return same_problem_as(had, after); };
    if (after.severity == Severity::error && std::none_of(before.begin(), before.end(), was_there)) return false;
  }
  return true;
}

// The property, for every diagnostic of one case; the first failure as
// text (empty: it holds).
std::string property_failure(const FixCase& c) {
  const std::vector<Diagnostic> before = validate(c.config, c.context, c.provenance);
  const StaticMemoryRun with_variable = static_memory_run(c.config, c.context.target, c.context.ge_use_static_memory);
  const StaticMemoryRun without = static_memory_run(c.config, c.context.target, std::nullopt);
  const bool variable_decides = with_variable.runs != without.runs;
  for (const Diagnostic& diagnostic : before) {
    const std::string where = describe_case(c) + ": " + to_string(diagnostic);
    if (!diagnostic.fix.empty() &&
        diagnostic.message.find(detail::fix_advice(diagnostic.fix, diagnostic.field)) == std::string::npos) {
      return where + ": the message does not give the fix's advice";
    }
    if (diagnostic.severity == Severity::error && diagnostic.field && diagnostic.fix.empty()) {
      for (const Remedy& remedy : every_remedy(*diagnostic.field, diagnostic.origin)) {
        if (!clears(remedy, diagnostic, before, c)) continue;
        return where + ": has no fix, but " + remedy.text() + " clears it";
      }
    }
    for (const Remedy& remedy : diagnostic.fix) {
      const std::string what = where + ": remedy " + remedy.text();
      bool changes_variable = false;
      for (const Edit& edit : remedy.edits) {
        changes_variable =
            changes_variable || edit.action == EditAction::set_variable || edit.action == EditAction::unset_variable;
        if (edit.action == EditAction::set_value && c.config.code(*edit.field) == edit.code &&
            !c.provenance.of(*edit.field).legacy_alias) {
          return what + ": proposes the value already there";
        }
        if (edit.action == EditAction::set_variable && c.context.ge_use_static_memory == edit.variable_value) {
          return what + ": proposes the variable's value already there";
        }
        if (edit.action == EditAction::unset_variable && !c.context.ge_use_static_memory) {
          return what + ": unsets a variable not set";
        }
        if (edit.action == EditAction::set_variable && edit.variable_value == "2" && c.context.target == Form::tf2 &&
            c.context.ge_use_static_memory == std::string_view("1")) {
          return what + ": turns a TF2 job's 1 into 2";
        }
      }
      const bool tf2_one = c.context.target == Form::tf2 && c.context.ge_use_static_memory == std::string_view("1");
      if (tf2_one && diagnostic.severity == Severity::warning && changes_variable) {
        return what + ": a warning's remedy changes a TF2 job's 1, which the adapter acts on";
      }
      if (diagnostic.code == DiagnosticCode::concurrent_graphs && variable_decides && !changes_variable) {
        return what + ": changes only the option where the variable decides";
      }
      FixCase fixed = c;
      apply_as_spec(remedy, fixed);
      if (diagnostic.severity == Severity::warning &&
          !(effective_config(fixed.config, fixed.context.target, fixed.context.ge_use_static_memory) ==
            effective_config(c.config, c.context.target, c.context.ge_use_static_memory))) {
        return what + ": a warning's remedy changes what runs";
      }
      for (const Diagnostic& after : validate(fixed.config, fixed.context, fixed.provenance)) {
        if (same_problem_as(after, diagnostic)) return what + ": leaves " + to_string(after);
        const auto was_there = [&](const Diagnostic& had) { return same_problem_as(had, after); };
        if (after.severity == Severity::error && std::none_of(before.begin(), before.end(), was_there)) {
          return what + ": adds " + to_string(after);
        }
      }
    }
  }
  return {};
}

}  // namespace

TEST_CASE("fixes work: each dimension against each other (pairwise)", "[fix][property]") {
  const std::vector<FixDimension> space = dimensions();
  std::size_t cases = 0;
  for (std::size_t i = 0; i < space.size(); ++i) {
    for (std::size_t j = i + 1; j < space.size(); ++j) {
      for (std::size_t a = 0; a < space[i].size(); ++a) {
        for (std::size_t b = 0; b < space[j].size(); ++b) {
          std::vector<std::size_t> picks(space.size(), 0);
          picks[i] = a;
          picks[j] = b;
          const std::string failure = property_failure(make_case(space, picks));
          ++cases;
          if (!failure.empty()) FAIL(failure);
        }
      }
    }
  }
  CHECK(cases > 2000);
}

TEST_CASE("fixes work: the runtime with the release and concurrency and the variable", "[fix][property]") {
  // The static policy's rules meet here (a TF2 job's 1 on CANN 6.0.1): all
  // four at once, the rest at their first choice.
  const std::vector<FixDimension> space = dimensions();
  std::size_t cases = 0;
  std::vector<std::size_t> picks(space.size(), 0);
  for (picks[0] = 0; picks[0] < space[0].size(); ++picks[0]) {
    for (picks[4] = 0; picks[4] < space[4].size(); ++picks[4]) {
      for (picks[5] = 0; picks[5] < space[5].size(); ++picks[5]) {
        for (picks[6] = 0; picks[6] < space[6].size(); ++picks[6]) {
          const std::string failure = property_failure(make_case(space, picks));
          ++cases;
          if (!failure.empty()) FAIL(failure);
        }
      }
    }
  }
  CHECK(cases == std::size_t{7} * 12 * 2 * 8);
}

namespace {

// The whole product for one runtime (the first dimension), so that the
// full suite runs the runtimes side by side.
void check_whole_space(Form runtime) {
  const std::vector<FixDimension> space = dimensions();
  std::vector<std::size_t> picks(space.size(), 0);
  picks[0] = static_cast<std::size_t>(runtime);  // runtime_choices() is in Form's order
  std::size_t cases = 0;
  for (;;) {
    const std::string failure = property_failure(make_case(space, picks));
    ++cases;
    if (!failure.empty()) FAIL(failure);
    std::size_t i = 1;
    while (i < space.size() && ++picks[i] == space[i].size()) picks[i++] = 0;
    if (i == space.size()) break;
  }
  CHECK(cases ==
        space[1].size() * space[2].size() * space[3].size() * space[4].size() * space[5].size() * space[6].size());
}

}  // namespace

TEST_CASE("fixes work: the whole space on json", "[.][whole-space]") { check_whole_space(Form::json); }
TEST_CASE("fixes work: the whole space on ge", "[.][whole-space]") { check_whole_space(Form::ge); }
TEST_CASE("fixes work: the whole space on tf1", "[.][whole-space]") { check_whole_space(Form::tf1); }
TEST_CASE("fixes work: the whole space on tf2", "[.][whole-space]") { check_whole_space(Form::tf2); }
TEST_CASE("fixes work: the whole space on mindspore", "[.][whole-space]") { check_whole_space(Form::mindspore); }
TEST_CASE("fixes work: the whole space on torchair", "[.][whole-space]") { check_whole_space(Form::torchair); }
TEST_CASE("fixes work: the whole space on mslite", "[.][whole-space]") { check_whole_space(Form::mslite); }

TEST_CASE("a fix's texts: each edit, each remedy, and the advice a message ends with", "[fix]") {
  const Origin file{"job.json", {}, {}, {3, 5}};
  const Edit static_0{EditAction::set_value, Field::static_memory_policy, std::uint8_t{0}, {}, file};
  const Edit static_3{EditAction::set_value, Field::static_memory_policy, std::uint8_t{3}, {}, file};
  const Edit policy_unset{EditAction::set_value, Field::memory_optimization_policy, std::nullopt, {}, file};
  const Edit atomic_removed{EditAction::remove_setting, Field::atomic_clean_policy, std::nullopt, {}, file};
  const Edit variable_3{EditAction::set_variable, std::nullopt, std::nullopt, "3", {}};
  const Edit variable_0{EditAction::set_variable, std::nullopt, std::nullopt, "0", {}};
  const Edit unset{EditAction::unset_variable, std::nullopt, std::nullopt, {}, {}};
  CHECK(static_0.text() == "static_memory_policy 0 (dynamic)");
  CHECK(policy_unset.text() == "memory_optimization_policy unset");
  CHECK(atomic_removed.text() == "atomic_clean_policy removed");
  CHECK(variable_3.text() == "GE_USE_STATIC_MEMORY=3");
  CHECK(unset.text() == "GE_USE_STATIC_MEMORY unset");
  CHECK(Remedy{{static_0, unset}}.text() == "static_memory_policy 0 (dynamic) and GE_USE_STATIC_MEMORY unset");
  CHECK(Remedy{{static_0}} == Remedy{{static_0}});
  CHECK_FALSE(Remedy{{static_0}} == Remedy{{static_3}});
  CHECK_FALSE(Remedy{{variable_0}} == Remedy{{variable_3}});
  const Field about = Field::static_memory_policy;
  // The setting's own values joined, the variable's values joined, the rest in turn.
  CHECK(detail::fix_advice({{{static_0}}, {{static_3}}, {{variable_0}}, {{variable_3}}, {{unset}}}, about) ==
        "use 0 (dynamic) or 3 (expand_dynamic_shape), set GE_USE_STATIC_MEMORY to 0 or 3, or unset "
        "GE_USE_STATIC_MEMORY");
  CHECK(detail::fix_advice({{{static_0, unset}}, {{static_3, unset}}}, about) ==
        "unset GE_USE_STATIC_MEMORY and use 0 (dynamic) or 3 (expand_dynamic_shape)");
  // Edits of another setting than the one the message is about name it.
  CHECK(detail::fix_advice({{{policy_unset}}, {{atomic_removed}}, {{static_0, variable_3}}},
                           Field::atomic_clean_policy) ==
        "unset memory_optimization_policy, remove it, or set static_memory_policy to 0 (dynamic) and set "
        "GE_USE_STATIC_MEMORY=3");
  CHECK(detail::fix_advice({{{policy_unset}}, {{atomic_removed}}}, Field::memory_optimization_policy) ==
        "unset it, or remove atomic_clean_policy");
  CHECK(detail::fix_advice({}, about).empty());
}
