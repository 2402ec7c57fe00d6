// The one way in: every form written and read by a Form value.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>

#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config/settings/ostream.hpp>
#include <npu/memory_config/texts/update.hpp>
#include <npu/memory_config_json.hpp>

#include "all_configs.hpp"

using namespace npu;

TEST_CASE("forms are named as --from and --format name them", "[text-forms]") {
  std::vector<std::string_view> names;
  for (const Form form : enum_values<Form>()) {
    names.push_back(enum_name(form));
    CHECK(enum_cast<Form>(enum_name(form)) == form);
  }
  CHECK(names == std::vector<std::string_view>{"json", "ge", "tf1", "tf2", "mindspore", "torchair", "mslite"});
  CHECK_FALSE(enum_cast<Form>("JSON"));
  CHECK_FALSE(enum_cast<Form>("config"));
  CHECK(detail::target_of(Form::json) == std::nullopt);
  CHECK(detail::target_of(Form::mslite) == detail::TargetRuntime::mslite);
  CHECK_FALSE(describe(Form::torchair).readable);
  CHECK(describe(Form::tf1).readable);
  CHECK(describe(Form::mindspore).json);
  CHECK_FALSE(describe(Form::tf1).json);
  CHECK_FALSE(describe(Form::tf1).updatable);
  CHECK(describe(Form::mslite).updatable);
}

TEST_CASE("write_text gives the bytes --format prints", "[text-forms]") {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  CHECK(write_text(config, Form::tf2).text ==
        "{\n  \"atomic_clean_policy\": \"1\",\n  \"static_memory_policy\": \"2\",\n"
        "  \"variable_use_1g_huge_page\": \"0\"\n}\n");
  CHECK(write_text(config, Form::json).text ==
        "{\n  \"atomic_clean_policy\": 1,\n  \"static_memory_policy\": 2,\n  \"variable_use_1g_huge_page\": 0\n}\n");
  CHECK(write_text(config, Form::mslite).text ==
        "[ge_global_options]\nge.variableUse1gHugePage=0\n\n[ge_session_options]\nge.exec.atomicCleanPolicy=1\n"
        "ge.exec.staticMemoryPolicy=2\nge.variableUse1gHugePage=0\n");
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  // torchair runs 2 itself: nothing to export, and no error.
  const WriteResult nothing_to_export = write_text(config, Form::torchair);
  CHECK(nothing_to_export.ok());
  CHECK(nothing_to_export.text == "");
  CHECK_FALSE(has_errors(nothing_to_export.diagnostics));
  config.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  CHECK(write_text(config, Form::torchair).text == "GE_USE_STATIC_MEMORY=3\n");
  // TF2 cannot carry the policy: --format tf2 exits 1, and says why.
  const WriteResult tf2 = write_text(config, Form::tf2);
  CHECK_FALSE(tf2);
  CHECK(tf2.text == std::nullopt);
  std::vector<std::optional<Field>> errors;
  for (const Diagnostic& diagnostic : tf2.diagnostics) {
    if (diagnostic.severity == Severity::error) errors.push_back(diagnostic.field);
  }
  CHECK(errors == std::vector<std::optional<Field>>{Field::memory_optimization_policy});
  config.static_memory_policy = StaticMemoryPolicy::dynamic;
  // A static 0 is the default: torchair runs its 2, and nothing is exported.
  CHECK(write_text(config, Form::torchair).text == "");
  config.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;  // asked for: torchair forces 2 or 4
  CHECK_FALSE(write_text(config, Form::torchair).ok());
  config.memory_optimization_policy.reset();
  config.atomic_clean_policy = AtomicCleanPolicy::centralized;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  // Defaults torchair replaces (atomic 0, the policy unset) do not keep it
  // from being written.
  CHECK(write_text(config, Form::torchair).text == "GE_USE_STATIC_MEMORY=3\n");
  config.static_memory_policy = static_cast<StaticMemoryPolicy>(9);
  for (const Form form : enum_values<Form>()) {
    const WriteResult cast = write_text(config, form);
    CHECK_FALSE(cast.ok());
    CHECK(has_errors(cast.diagnostics));
  }
}

TEST_CASE("read_text reads what write_text writes, for all 72 configs and every readable form", "[text-forms]") {
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(config);
    for (const Form form : enum_values<Form>()) {
      INFO(enum_name(form));
      const WriteResult written = write_text(config, form);
      if (!describe(form).readable || !written) continue;
      const ReadResult read = read_text(*written.text, form, "written");
      CHECK(read.config == config);
    }
  }
}

TEST_CASE("read_text refuses what no form reads", "[text-forms]") {
  const ReadResult torchair = read_text("GE_USE_STATIC_MEMORY=2\n", Form::torchair, "env.sh");
  REQUIRE(torchair.diagnostics.size() == 1);
  CHECK_FALSE(torchair.ok());
  CHECK(to_string(torchair.diagnostics[0]) ==
        "error: env.sh: torchair takes no file: its settings are environment variables; a file is read as json, ge, "
        "tf1, tf2, mindspore or mslite");
  const ReadResult pointed = read_text("[ge_session_options]\n", Form::mslite, "lite.ini", "/a");
  REQUIRE(pointed.diagnostics.size() == 1);
  CHECK(pointed.diagnostics[0].code == DiagnosticCode::wrong_form);
  CHECK(read_text(R"({"job": {"static_memory_policy": 3}})", Form::json, "job.json", "/job")
            .config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  const ReadResult tf1 = read_text("graph_options {}", Form::tf1, "run.pbtxt");
  CHECK(tf1.ok());
  CHECK(tf1.diagnostics.at(0).code == DiagnosticCode::no_memory_settings);
}

// The form table's own check, asserted beside it at compile time, run here too.
TEST_CASE("the form table checks itself", "[text-forms]") {
  CHECK(detail::forms_consistent(detail::forms));
  detail::FormInfo unreadable_updatable = detail::forms[5];  // torchair
  unreadable_updatable.updatable = true;
  const detail::FormInfo with_unreadable[] = {detail::forms[0], detail::forms[1], detail::forms[2],
                                              detail::forms[3], detail::forms[4], unreadable_updatable,
                                              detail::forms[6]};
  CHECK_FALSE(detail::forms_consistent(with_unreadable));
  const detail::FormInfo target_twice[] = {detail::forms[0], detail::forms[1], detail::forms[1], detail::forms[3],
                                           detail::forms[4], detail::forms[5], detail::forms[6]};
  CHECK_FALSE(detail::forms_consistent(target_twice));
  CHECK(detail::indexed_by(detail::forms, &detail::FormInfo::form, 7));
}

TEST_CASE("the form text table checks itself: each form's writer and reader of the right kind", "[text-forms]") {
  using detail::FormText;
  CHECK(detail::form_texts_consistent(detail::form_texts));
  // Each break in a whole copy of the table, so that the rows before it pass every check.
  const auto broken = [](std::size_t row, void (*edit)(FormText&)) {
    FormText table[std::size(detail::form_texts)];
    std::copy(std::begin(detail::form_texts), std::end(detail::form_texts), table);
    edit(table[row]);
    return !detail::form_texts_consistent(table);
  };
  CHECK(broken(2, [](FormText& tf1) { tf1.read = nullptr; }));                     // a readable form without its reader
  CHECK(broken(2, [](FormText& tf1) { tf1.json = detail::form_texts[0].json; }));  // a text form written as JSON
  CHECK(broken(1, [](FormText& ge) { ge.text = detail::form_texts[2].text; }));    // a JSON form written as a text
  CHECK(broken(4, [](FormText& mindspore) { mindspore.read_document = nullptr; }));
  CHECK(broken(5, [](FormText& torchair) { torchair.read = detail::form_texts[6].read; }));  // torchair takes no file
  // A config file runs no framework's defaults.
  CHECK(broken(0, [](FormText& config_file) { config_file.finish_as = detail::TargetRuntime::mindspore; }));
  CHECK(detail::updaters_for_every_updatable_form(detail::forms));
  detail::FormInfo with_tf1_updatable[std::size(detail::forms)];
  std::copy(std::begin(detail::forms), std::end(detail::forms), with_tf1_updatable);
  with_tf1_updatable[2].updatable = true;  // no JSON, and not MindSpore Lite's file: no updater reads it
  CHECK_FALSE(detail::updaters_for_every_updatable_form(with_tf1_updatable));
}
