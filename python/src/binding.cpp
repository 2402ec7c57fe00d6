// npu_memory_config._native: the C++ library bound for the package's Python
// layer. Every rule stays in C++: values are parsed by the library's own
// reader of config values, validated by validate(), written and read by
// write_text()/read_text(). Python receives plain values: codes, texts and
// diagnostics as dicts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <npu/memory_config/forms/tf1_parameter_map.hpp>
#include <npu/memory_config/texts/fix_text.hpp>
#include <npu/memory_config_json.hpp>

namespace py = pybind11;

namespace {

// A config, where each value came from, and the warnings of the values as
// MemoryConfig(...) was given them (the legacy 1 of the static policy),
// which validate() reports first.
struct NativeConfig {
  npu::MemoryConfig config;
  npu::Provenance provenance;
  std::vector<npu::Diagnostic> value_warnings;
};

// The setting a diagnostic is about, by its name; None for a problem of a
// key, of a file or of the context.
py::object field_of(const npu::Diagnostic& diagnostic) {
  if (!diagnostic.field) return py::none();
  return py::str(std::string(npu::enum_name(*diagnostic.field)));
}

// An edit of a fix, as --diagnostics json writes it.
py::dict edit_dict(const npu::Edit& edit) {
  const std::optional<std::string_view> value = edit.runtime_value();
  py::dict out;
  out["action"] = std::string(npu::enum_name(edit.action));
  out["setting"] = std::string(edit.setting());
  out["value"] = value ? py::object(py::str(std::string(*value))) : py::object(py::none());
  out["source"] = edit.at.source.empty() ? py::object(py::none()) : py::object(py::str(edit.at.source_text()));
  out["line"] = edit.at.position.known() ? py::object(py::int_(edit.at.position.line)) : py::none();
  out["column"] = edit.at.position.known() ? py::object(py::int_(edit.at.position.column)) : py::none();
  return out;
}

py::list fix_list(const std::vector<npu::Remedy>& fix) {
  py::list out;
  for (const npu::Remedy& remedy : fix) {
    py::list edits;
    for (const npu::Edit& edit : remedy.edits) edits.append(edit_dict(edit));
    py::dict dict;
    dict["edits"] = edits;
    dict["text"] = remedy.text();
    out.append(dict);
  }
  return out;
}

py::dict diagnostic_dict(const npu::Diagnostic& diagnostic) {
  py::dict out;
  const npu::SourcePosition& position = diagnostic.origin.position;
  out["code"] = std::string(npu::enum_name(diagnostic.code));
  out["severity"] = std::string(npu::enum_name(diagnostic.severity));
  out["field"] = field_of(diagnostic);
  out["message"] = diagnostic.message;
  out["source"] = diagnostic.origin.source_text();
  out["line"] = position.known() ? py::object(py::int_(position.line)) : py::none();
  out["column"] = position.known() ? py::object(py::int_(position.column)) : py::none();
  out["text"] = npu::to_string(diagnostic);
  out["fix"] = fix_list(diagnostic.fix);
  return out;
}

py::list diagnostic_list(const std::vector<npu::Diagnostic>& diagnostics) {
  py::list out;
  for (const npu::Diagnostic& diagnostic : diagnostics) out.append(diagnostic_dict(diagnostic));
  return out;
}

// What the Python layer needs of each setting beyond the field table: the
// name of its IntEnum (the C++ enumeration's; none for the optimization
// policy, a str), and whether upstream's MemoryConfig takes None for it:
// its estimator then writes nothing, and the adapter's default runs.
struct PythonField {
  std::string_view enum_name;
  bool none_means_not_passed;
};
constexpr PythonField python_fields[] = {
    {"AtomicCleanPolicy", false},  // the estimator always writes it
    {"StaticMemoryPolicy", true},
    {"", true},  // unset: the runtime decides
    {"HugePagePolicy", true},
};
// The settings, in the field table's order: the order of every tuple here.
constexpr const auto& settings = npu::enum_values<npu::Field>();
static_assert(std::size(python_fields) == settings.size(), "python_fields has a row for every setting");

// A Python value as the library reads it, in Python's words: None, bool,
// int (an exact int: an IntEnum's str() is its name before 3.11), float and
// str as themselves; a dict with its members, as a parsed text's object; a
// list, a tuple and a value no JSON has (bytes, a set) by how Python shows
// them, a kind no setting takes.
npu::HostValue host_value_of(const py::handle& value) {
  using Kind = npu::HostValue::Kind;
  npu::HostValue host;
  if (value.is_none() || py::isinstance<py::bool_>(value)) {
    host.kind = value.is_none() ? Kind::null : Kind::boolean;
    host.truth = !value.is_none() && value.cast<bool>();
    host.shown = py::repr(value).cast<std::string>();  // None, True, False
  } else if (py::isinstance<py::int_>(value)) {
    host.kind = Kind::integer;
    host.text = py::str(py::int_(py::reinterpret_borrow<py::object>(value))).cast<std::string>();
  } else if (py::isinstance<py::float_>(value)) {
    host.kind = Kind::floating;
    host.text = py::repr(value).cast<std::string>();
  } else if (py::isinstance<py::str>(value)) {
    host.kind = Kind::string;
    host.text = value.cast<std::string>();
  } else if (py::isinstance<py::dict>(value)) {
    host.kind = Kind::mapping;
    host.shown = "a dict";
    for (const auto& [name, inner] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(name)) {
        throw py::type_error("read() argument 'data' takes str keys, not " + py::repr(name).cast<std::string>() + " (" +
                             py::str(py::type::of(name).attr("__name__")).cast<std::string>() + ")");
      }
      host.members.push_back({name.cast<std::string>(), host_value_of(inner)});
    }
  } else {
    host.kind = Kind::other;
    const bool bytes = py::isinstance<py::bytes>(value) || py::isinstance<py::bytearray>(value);
    host.shown = bytes ? py::repr(value).cast<std::string>()
                       : "a " + py::str(py::type::of(value).attr("__name__")).cast<std::string>();
  }
  return host;
}

// MemoryConfig(...)'s four values, read as a config file's values are, in
// Python's words; a value `given` false (None where upstream means "not
// passed") leaves the field at its default, as not given:
// (the config, or None when a value is not allowed; every diagnostic).
std::pair<std::optional<NativeConfig>, py::list> make_config(const std::vector<py::object>& values,
                                                             const std::vector<bool>& given,
                                                             const std::string& source) {
  if (values.size() != settings.size() || given.size() != settings.size()) {
    throw py::value_error("make_config takes a value for every setting");
  }
  npu::HostValue arguments;
  arguments.kind = npu::HostValue::Kind::mapping;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    if (given[i]) arguments.members.push_back({std::string(npu::enum_name(settings[i])), host_value_of(values[i])});
  }
  npu::ReadResult result = npu::read_json_config(arguments, npu::Form::json, source);
  std::optional<NativeConfig> config;
  if (result.config) config = NativeConfig{*result.config, std::move(result.provenance), result.diagnostics};
  return {std::move(config), diagnostic_list(result.diagnostics)};
}

npu::Form form_named(const std::string& name) {
  const std::optional<npu::Form> form = npu::enum_cast<npu::Form>(name);
  if (!form) {
    std::string names;
    for (const npu::Form each : npu::enum_values<npu::Form>())
      names.append(names.empty() ? "" : ", ").append(npu::enum_name(each));
    throw py::value_error("form " + py::repr(py::str(name)).cast<std::string>() + " is not a form; use " + names);
  }
  return *form;
}

// The context validate()'s keywords name; a name no table knows is a ValueError.
npu::ValidationContext context_of(const std::optional<std::string>& product,
                                  const std::optional<std::string>& soc_version, const std::optional<std::string>& cann,
                                  bool concurrent_graphs, const std::optional<std::string>& target,
                                  const std::optional<std::string>& ge_use_static_memory) {
  npu::ValidationContext context;
  if (product) {
    context.product = npu::enum_cast<npu::Product>(*product);
    if (!context.product) {
      std::string names;
      for (const npu::Product each : npu::enum_values<npu::Product>())
        names.append(names.empty() ? "" : ", ").append(npu::enum_name(each));
      throw py::value_error("product " + py::repr(py::str(*product)).cast<std::string>() + " is not a product; use " +
                            names);
    }
  }
  if (soc_version) context.soc_version = *soc_version;
  if (cann) {
    context.cann_release = npu::CannRelease::parse(*cann);
    if (!context.cann_release) {
      throw py::value_error("cann " + py::repr(py::str(*cann)).cast<std::string>() + " is not a CANN release; use " +
                            std::string(npu::CannRelease::forms));
    }
  }
  context.concurrent_graphs = concurrent_graphs;
  if (target) context.target = form_named(*target);
  if (ge_use_static_memory) context.ge_use_static_memory = *ge_use_static_memory;
  return context;
}

// validate() in the context given.
py::list validate(const NativeConfig& config, const std::optional<std::string>& product,
                  const std::optional<std::string>& soc_version, const std::optional<std::string>& cann,
                  bool concurrent_graphs, const std::optional<std::string>& target,
                  const std::optional<std::string>& ge_use_static_memory) {
  const npu::ValidationContext context =
      context_of(product, soc_version, cann, concurrent_graphs, target, ge_use_static_memory);
  std::vector<npu::Diagnostic> diagnostics = config.value_warnings;
  for (npu::Diagnostic& diagnostic : npu::validate(config.config, context, config.provenance)) {
    diagnostics.push_back(std::move(diagnostic));
  }
  return diagnostic_list(diagnostics);
}

// The text of --format FORM; the diagnostics of the form's own check, an
// error among them where the tool would exit 1.
std::pair<std::string, py::list> write_text(const NativeConfig& config, const std::string& form_name) {
  npu::WriteResult written = npu::write_text(config.config, form_named(form_name));
  return {written.text.value_or(""), diagnostic_list(written.diagnostics)};
}

// The maps a runtime takes in process, as pybind11's stl.h converts them:
// TF1's parameter_map (key to int or str) and torchair's environment
// variables.
npu::Tf1ParameterMap tf1_parameter_map(const NativeConfig& config) { return npu::tf1_parameter_map(config.config); }

std::map<std::string, std::string> torchair_environment(const NativeConfig& config) {
  return npu::environment_options(config.config, npu::Form::torchair);
}

// The library's fix_text of one text in the context given: the new text
// (None where it cannot be edited) and the diagnostics left.
std::pair<std::optional<std::string>, py::list> fix_text(const std::string& text, const std::string& form_name,
                                                         const std::string& source,
                                                         const std::optional<std::string>& product,
                                                         const std::optional<std::string>& soc_version,
                                                         const std::optional<std::string>& cann, bool concurrent_graphs,
                                                         const std::optional<std::string>& target,
                                                         const std::optional<std::string>& ge_use_static_memory) {
  const npu::Form form = form_named(form_name);
  const npu::ValidationContext context =
      context_of(product, soc_version, cann, concurrent_graphs, target, ge_use_static_memory);
  npu::WriteResult fixed = npu::fix_text(text, form, context, source);
  return {std::move(fixed.text), diagnostic_list(fixed.diagnostics)};
}

// update_text: the text updated to hold the config, or None and why.
std::pair<std::optional<std::string>, py::list> update_text(const std::string& text, const NativeConfig& config,
                                                            const std::string& form_name, const std::string& source) {
  npu::WriteResult updated = npu::update_text(text, config.config, form_named(form_name), source);
  return {std::move(updated.text), diagnostic_list(updated.diagnostics)};
}

std::pair<std::optional<NativeConfig>, py::list> read_text(const std::string& text, const std::string& form_name,
                                                           const std::string& source, const std::string& pointer) {
  npu::ReadResult result = npu::read_text(text, form_named(form_name), source, pointer);
  std::optional<NativeConfig> config;
  if (result.config) config = NativeConfig{*result.config, std::move(result.provenance), {}};
  return {std::move(config), diagnostic_list(result.diagnostics)};
}

// A dict read as a JSON form reads its text (json, ge, tf2, mindspore), its
// values in Python's words; nothing in it has a line or a column.
std::pair<std::optional<NativeConfig>, py::list> read_mapping(const py::dict& data, const std::string& form_name,
                                                              const std::string& source) {
  const npu::Form form = form_named(form_name);
  if (!npu::describe(form).json) throw py::value_error("the " + form_name + " form is not read from a dict");
  const npu::HostValue value = host_value_of(data);
  npu::ReadResult result = npu::read_json_config(value, form, source);
  std::optional<NativeConfig> config;
  if (result.config) config = NativeConfig{*result.config, std::move(result.provenance), {}};
  return {std::move(config), diagnostic_list(result.diagnostics)};
}

// The field table, for what the Python layer derives: the signature, the
// properties, repr and the enumerations. Each setting as (name, IntEnum
// name or "", optional, default code, None means not passed, its values as
// (name, code, runtime text)).
py::list field_table() {
  py::list out;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const npu::Description<npu::Field>& field = npu::describe(settings[i]);
    py::list values;
    for (const npu::Description<npu::StaticMemoryPolicy>& value : field.values) {
      values.append(py::make_tuple(std::string(value.name), value.code, std::string(value.runtime_text)));
    }
    out.append(py::make_tuple(std::string(field.name), std::string(python_fields[i].enum_name), field.optional,
                              field.default_code, python_fields[i].none_means_not_passed, values));
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_native, module) {
  module.doc() = "The C++ library npu-memory-config, bound for the npu_memory_config package.";
  py::class_<NativeConfig>(module, "Config")
      .def_property_readonly(
          "codes",
          [](const NativeConfig& native) {
            py::tuple codes(settings.size());
            for (std::size_t i = 0; i < settings.size(); ++i) {
              const npu::Description<npu::Field>& field = npu::describe(settings[i]);
              const std::optional<std::uint8_t> code = native.config.code(field.field);
              if (field.integer_valued) {
                codes[i] = py::int_(*code);
              } else {
                codes[i] = py::none();
                for (const npu::Description<npu::StaticMemoryPolicy>& value : field.values) {
                  if (code == value.code) codes[i] = py::str(std::string(value.runtime_text));
                }
              }
            }
            return codes;
          },
          "The four values as the runtime takes them: ints, and the policy's str or None.")
      .def_property_readonly(
          "given_codes",
          [](const NativeConfig& native) {
            py::tuple codes(settings.size());
            for (std::size_t i = 0; i < settings.size(); ++i) {
              const npu::Description<npu::Field>& field = npu::describe(settings[i]);
              const std::optional<std::uint8_t> code = native.config.code(field.field);
              if (!field.integer_valued || !code) {
                codes[i] = py::none();
              } else {
                const bool legacy = native.provenance.of(field.field).legacy_alias && field.legacy_alias != nullptr;
                codes[i] = py::int_(legacy ? field.legacy_alias->code : *code);
              }
            }
            return codes;
          },
          "The integer settings' codes as given: the legacy 1 of the static policy stays 1; None for the policy.")
      .def("__eq__", [](const NativeConfig& a, const NativeConfig& b) { return a.config == b.config; });
  module.def("make_config", &make_config, py::arg("values"), py::arg("given"), py::arg("source"));
  module.def("validate", &validate, py::arg("config"), py::arg("product"), py::arg("soc_version"), py::arg("cann"),
             py::arg("concurrent_graphs"), py::arg("target"), py::arg("ge_use_static_memory"));
  module.def("write_text", &write_text, py::arg("config"), py::arg("form"));
  module.def("tf1_parameter_map", &tf1_parameter_map, py::arg("config"));
  module.def("torchair_environment", &torchair_environment, py::arg("config"));
  module.def("read_mapping", &read_mapping, py::arg("data"), py::arg("form"), py::arg("source"));
  module.def("fix_text", &fix_text, py::arg("text"), py::arg("form"), py::arg("source"), py::arg("product"),
             py::arg("soc_version"), py::arg("cann"), py::arg("concurrent_graphs"), py::arg("target"),
             py::arg("ge_use_static_memory"));
  module.def("update_text", &update_text, py::arg("text"), py::arg("config"), py::arg("form"), py::arg("source"));
  module.def("read_text", &read_text, py::arg("text"), py::arg("form"), py::arg("source"), py::arg("pointer"));
  module.def("field_table", &field_table);
  module.attr("version") = std::to_string(NPU_MEMORY_CONFIG_VERSION_MAJOR) + "." +
                           std::to_string(NPU_MEMORY_CONFIG_VERSION_MINOR) + "." +
                           std::to_string(NPU_MEMORY_CONFIG_VERSION_PATCH);
  module.def("form_names", [] {
    py::list names;
    for (const npu::Form form : npu::enum_values<npu::Form>()) names.append(std::string(npu::enum_name(form)));
    return names;
  });
  module.def("dict_form_names", [] {
    py::list names;
    for (const npu::Form form : npu::enum_values<npu::Form>()) {
      if (npu::describe(form).json) names.append(std::string(npu::enum_name(form)));
    }
    return names;
  });
}
