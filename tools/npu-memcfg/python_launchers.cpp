#include "python_launchers.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <string_view>

#include "python_reader_script.hpp"

namespace npu::memcfg {
namespace {

// What python3 printed, and how it ended; exit 127: no python3 to run.
struct Finished {
  std::string out;
  int exit_status = 0;
};

// python3 run with `arguments`, given `input` on its standard input (none:
// it inherits the tool's).
Finished run_python(const std::vector<std::string>& arguments, const std::string* input) {
  std::vector<char*> argv;
  argv.reserve(arguments.size() + 1);
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  int out[2];
  int in[2] = {-1, -1};
  static_assert(sizeof out / sizeof out[0] == 2, "pipe() writes the two ends");
  if (::pipe(out) != 0) return {"", 126};
  if (input != nullptr && ::pipe(in) != 0) {
    ::close(out[0]);
    ::close(out[1]);
    return {"", 126};
  }
  const pid_t child = ::fork();
  if (child < 0) {
    for (const int end : {out[0], out[1], in[0], in[1]}) {
      if (end >= 0) ::close(end);
    }
    return {"", 126};
  }
  if (child == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    if (input != nullptr) ::dup2(in[0], STDIN_FILENO);
    // A tool started without its standard input or output got an end
    // numbered 0 or 1, which the dup2 above has just made the child's own.
    for (const int end : {out[0], out[1], in[0], in[1]}) {
      if (end > STDERR_FILENO) ::close(end);
    }
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  if (input != nullptr) {  // the reader reads all its input before it writes: no pipe fills both ways
    ::close(in[0]);
    const auto ignored = std::signal(SIGPIPE, SIG_IGN);  // a reader that ended early makes write fail, not the tool
    for (std::size_t written = 0; written < input->size();) {
      const ssize_t wrote = ::write(in[1], input->data() + written, input->size() - written);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) break;
      written += static_cast<std::size_t>(wrote);
    }
    std::signal(SIGPIPE, ignored);
    ::close(in[1]);
  }
  Finished finished;
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(out[0], buffer, sizeof buffer);
    if (got > 0) {
      finished.out.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  finished.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return finished;
}

Origin origin_in(const std::string& source, const nlohmann::json& at) {
  return Origin{source, {}, {}, {at.value("line", std::size_t{0}), at.value("column", std::size_t{0})}};
}

jobs::EnvironmentWrite environment_write(const std::string& source, const nlohmann::json& entry) {
  jobs::EnvironmentWrite write;
  write.name = entry.at("name").get<std::string>();
  const std::string operation = entry.at("operation").get<std::string>();
  NPU_MEMORY_CONFIG_ASSERT(operation == "set" || operation == "setdefault" || operation == "unset",
                           "python_reader.py writes each operation as set, setdefault or unset");
  write.operation = operation == "unset"        ? jobs::EnvironmentWrite::Operation::unset
                    : operation == "setdefault" ? jobs::EnvironmentWrite::Operation::set_default
                                                : jobs::EnvironmentWrite::Operation::set;
  if (entry.contains("value") && entry.at("value").is_string()) write.value = entry.at("value").get<std::string>();
  write.value_text = entry.value("value_text", std::string());
  write.origin = origin_in(source, entry);
  write.how = entry.at("how").get<std::string>();
  write.certain = entry.at("certain").get<bool>();
  return write;
}

// A span as python_reader.py writes it ([line, column, end line, end
// column]), or null.
std::optional<LiteralSpan> span_of(const nlohmann::json& span) {
  if (span.is_null()) return std::nullopt;
  const auto at = span.get<std::vector<std::size_t>>();
  return LiteralSpan{{at.at(0), at.at(1)}, {at.at(2), at.at(3)}};
}

LauncherFacts facts_of(const std::string& source, const nlohmann::json& file) {
  LauncherFacts facts;
  if (file.contains("unreadable")) {
    facts.not_read = Diagnostic{Severity::error,
                                DiagnosticCode::unreadable_input,
                                {source, {}, {}, {}},
                                "",
                                "",
                                "cannot be read: " + file.at("unreadable").get<std::string>()};
    return facts;
  }
  if (file.contains("error")) {
    const nlohmann::json& error = file.at("error");
    facts.not_read = Diagnostic{
        Severity::warning,
        DiagnosticCode::syntax_error,
        origin_in(source, error),
        "",
        "",
        "Python 3 cannot parse this launcher (" + error.at("message").get<std::string>() + "), so it was not read"};
    return facts;
  }
  facts.frameworks = file.at("frameworks").get<std::vector<std::string>>();
  for (const nlohmann::json& entry : file.at("environment")) {
    facts.environment.push_back(environment_write(source, entry));
    EnvironmentPlace place;
    if (entry.contains("value_span")) {
      const auto span = entry.at("value_span").get<std::vector<std::size_t>>();
      place.value_begin = {span.at(0), span.at(1)};
      place.value_end = {span.at(2), span.at(3)};
    }
    if (entry.contains("removable_lines") && entry.at("removable_lines").is_array()) {
      const auto lines = entry.at("removable_lines").get<std::vector<std::size_t>>();
      place.first_line = lines.at(0);
      place.last_line = lines.at(1);
    }
    facts.environment_places.push_back(place);
  }
  for (const nlohmann::json& entry : file.at("configs")) {
    LauncherConfig config;
    const std::optional<Form> form = enum_cast<Form>(entry.at("form").get<std::string>());
    NPU_MEMORY_CONFIG_ASSERT(form.has_value(), "python_reader.py names each config's form as the library does");
    config.form = *form;
    config.text = entry.at("text").get<std::string>();
    for (const nlohmann::json& place : entry.at("places")) {
      config.places.push_back(place.is_null() ? std::nullopt
                                              : std::optional<SourcePosition>(origin_in(source, place).position));
    }
    for (const nlohmann::json& span : entry.at("value_spans")) config.value_spans.push_back(span_of(span));
    for (const nlohmann::json& span : entry.at("removals")) config.removals.push_back(span_of(span));
    for (const nlohmann::json& path : entry.at("paths")) {
      config.paths.push_back(path.is_null() ? std::vector<std::string>{} : path.get<std::vector<std::string>>());
    }
    for (const nlohmann::json& dict : entry.at("dicts")) {
      LauncherDict read{dict.at("path").get<std::vector<std::string>>(), {}};
      const nlohmann::json& at = dict.at("insertion");
      read.insertion = MemberInsertion{{at.at(0).get<std::size_t>(), at.at(1).get<std::size_t>()},
                                       at.at(2).get<std::string>(),
                                       at.at(3).get<std::string>(),
                                       at.at(4).get<std::string>().at(0),
                                       std::nullopt};
      if (const nlohmann::json& comma = at.at(5); !comma.is_null()) {
        read.insertion.comma_at = SourcePosition{comma.at(0).get<std::size_t>(), comma.at(1).get<std::size_t>()};
      }
      config.dicts.push_back(std::move(read));
    }
    config.origin = origin_in(source, entry);
    config.certain = entry.at("certain").get<bool>();
    config.what = entry.at("what").get<std::string>();
    config.complete = entry.at("complete").get<bool>();
    facts.configs.push_back(std::move(config));
  }
  for (const nlohmann::json& entry : file.at("inert")) {
    facts.inert.push_back({entry.at("what").get<std::string>(), entry.at("value").get<std::string>(),
                           origin_in(source, entry), entry.at("certain").get<bool>(),
                           entry.at("framework").get<std::string>()});
  }
  facts.jit_level_given = file.at("jit_level_given").get<bool>();
  for (const nlohmann::json& entry : file.at("not_checkable")) {
    const std::string what = entry.at("what").get<std::string>();
    facts.not_checkable.push_back({Severity::warning, DiagnosticCode::not_checkable, origin_in(source, entry), what, "",
                                   what + " is known only when the job runs, so it cannot be checked"});
  }
  return facts;
}

}  // namespace

PythonReading read_python_launchers(const std::map<std::string, std::string>& shown_by_absolute,
                                    const std::string* input) {
  PythonReading reading;
  if (shown_by_absolute.empty()) return reading;
  std::string fields;
  for (const Field field : enum_values<Field>()) fields += (fields.empty() ? "" : ",") + std::string(enum_name(field));
  std::vector<std::string> arguments = {"python3", "-I", "-c", std::string(python_reader_script), fields};
  for (const auto& [absolute, shown] : shown_by_absolute) arguments.push_back(absolute);
  const Finished finished = run_python(arguments, input);
  if (finished.exit_status == 127 && finished.out.empty()) {
    reading.problem = "reading Python launchers needs python3 (3.9 or later) on PATH, and there is none";
    return reading;
  }
  std::size_t start = 0;
  for (std::size_t end = finished.out.find('\n'); end != std::string::npos; end = finished.out.find('\n', start)) {
    const nlohmann::json line = nlohmann::json::parse(finished.out.substr(start, end - start), nullptr, false);
    start = end + 1;
    if (line.is_object() && line.contains("python_too_old")) {
      reading.problem = "reading Python launchers needs python3 3.9 or later on PATH; python3 there is " +
                        line.at("python_too_old").get<std::string>();
      return reading;
    }
    if (!line.is_object() || !line.contains("path")) continue;
    const auto shown = shown_by_absolute.find(line.at("path").get<std::string>());
    if (shown == shown_by_absolute.end()) continue;
    reading.launchers[shown->first] = facts_of(shown->second, line);
  }
  if (reading.launchers.size() != shown_by_absolute.size()) {
    reading.launchers.clear();
    reading.problem =
        "python3 -I could not read the Python launchers (exit status " + std::to_string(finished.exit_status) + ")";
  }
  return reading;
}

PythonReading read_python_launcher_text(const std::string& text, const std::string& shown) {
  return read_python_launchers({{"-", shown}}, &text);
}

ReadResult read_launcher_config(const LauncherConfig& config) {
  ReadResult read = read_text(config.text, config.form, config.origin.source);
  const auto moved = [&](SourcePosition& position) {
    if (!position.known() || position.line > config.places.size()) return;
    const std::optional<SourcePosition>& place = config.places[position.line - 1];
    position = place ? *place : config.origin.position;
  };
  for (Diagnostic& diagnostic : read.diagnostics) {
    // A conflict names where the first value was given, as a place in the
    // text read (its line's key): the launcher's place of that key instead.
    std::size_t line_begin = 0;
    for (std::size_t line = 1; line <= config.places.size(); ++line) {
      const std::size_t quote = config.text.find('"', line_begin);
      SourcePosition key{line, quote - line_begin + 1};
      const std::string named = " at " + to_string(key) + ";";
      line_begin = config.text.find('\n', line_begin) + 1;
      moved(key);
      const std::size_t at = quote < line_begin ? diagnostic.message.find(named) : std::string::npos;
      if (at != std::string::npos) diagnostic.message.replace(at, named.size(), " at " + to_string(key) + ";");
    }
    moved(diagnostic.origin.position);
    for (Remedy& remedy : diagnostic.fix) {
      for (Edit& edit : remedy.edits) moved(edit.at.position);
    }
  }
  for (Provenance::FieldOrigin& field : read.provenance.fields) moved(field.origin.position);
  return read;
}

}  // namespace npu::memcfg
