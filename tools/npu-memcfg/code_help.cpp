#include "code_help.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <npu/memory_config/validation/text.hpp>

namespace npu::memcfg {
namespace {

// The prose below names values, products and releases from the library's
// tables, so that a row changed there is never contradicted here.

using npu::text::joined;

std::string release_of(CannRelease::Rule rule) { return std::string(describe(rule).release); }

std::string static_policy(StaticMemoryPolicy policy) {
  return npu::text::value_text(Field::static_memory_policy, static_cast<std::uint8_t>(policy));
}

// Whether the engine expands the memory of static-shape graphs under
// `policy`: combined with expand_static_shape, it runs `policy` unchanged
// (the engine's rule: a shape kind expands if either value expands it). The
// same for dynamic shapes.
bool expands_static_shapes(StaticMemoryPolicy policy) {
  return effective_static_memory_policy(policy, describe(StaticMemoryPolicy::expand_static_shape).runtime_text) ==
         policy;
}
bool expands_dynamic_shapes(StaticMemoryPolicy policy) {
  return effective_static_memory_policy(policy, describe(StaticMemoryPolicy::expand_dynamic_shape).runtime_text) ==
         policy;
}

// "2 (expand_static_shape) or 4 (...)": the static policies for which
// `expands_static_shapes` is `expands`, as codes alone when `codes_only`.
std::string static_policies(bool expands, bool codes_only, std::string_view last_separator) {
  std::vector<std::string> shown;
  for (const StaticMemoryPolicy policy : enum_values<StaticMemoryPolicy>()) {
    if (expands_static_shapes(policy) != expands) continue;
    shown.push_back(codes_only ? std::string(describe(policy).runtime_text) : static_policy(policy));
  }
  return joined(shown, last_separator);
}

// "atomic_clean_policy 1 and static_memory_policy 3 or 4".
std::string costly_values() {
  std::vector<std::string> per_field;
  for (const Field each : enum_values<Field>()) {
    std::vector<std::string> codes;
    for (const auto& value : describe(each).values) {
      if (value.costs_performance) codes.emplace_back(value.runtime_text);
    }
    if (!codes.empty()) per_field.push_back(std::string(enum_name(each)) + " " + joined(codes, " or "));
  }
  return joined(per_field, " and ");
}

// "atlas-200i-a2 and atlas-350": the products of which `supports` is `value`.
std::string products_where(bool Description<Product>::*supports, bool value) {
  std::vector<std::string> names;
  for (const Product product : enum_values<Product>()) {
    if (describe(product).*supports == value) names.emplace_back(enum_name(product));
  }
  return joined(names, " and ");
}

// "[ge_global_options], [ge_session_options] and [ge_graph_options]".
std::string lite_sections() {
  std::vector<std::string> headers;
  for (const std::string_view section :
       {keys::mslite_global_section, keys::mslite_session_section, keys::mslite_graph_section}) {
    headers.push_back("[" + std::string(section) + "]");
  }
  return joined(headers, " and ");
}

std::vector<CodeHelp> code_help_table() {
  const auto& legacy = *describe(Field::static_memory_policy).legacy_alias;
  const auto legacy_target = static_cast<StaticMemoryPolicy>(legacy.canonical_code);
  const std::string legacy_code = std::to_string(legacy.code);
  // The one static-shape expansion forbidden in every release, and the one
  // the releases disagree on.
  std::string static_only;
  std::string static_and_dynamic;
  for (const StaticMemoryPolicy policy : enum_values<StaticMemoryPolicy>()) {
    if (!expands_static_shapes(policy)) continue;
    (expands_dynamic_shapes(policy) ? static_and_dynamic : static_only) = std::string(describe(policy).runtime_text);
  }
  return {

      {DiagnosticCode::syntax_error,
       "The text cannot be parsed as JSON (a missing brace, a trailing comma, a number no parser can hold, bytes that "
       "are not UTF-8), so nothing in it is read; or a job's shell script has a syntax error where bash stops "
       "(an unclosed quote, a \"do\" read as \"do\\r\" on a CRLF line), so nothing after it runs.",
       "Fix the text at the position given."},
      {DiagnosticCode::not_an_object,
       "A config file, an option map, MindSpore's ascend_config and each level of GE options are JSON objects; this "
       "one "
       "is an array, a string, a number or null.",
       "Give an object, such as {\"static_memory_policy\": 2}; with --pointer, point at the object in the file."},
      {DiagnosticCode::unknown_key,
       "A config file holds only the four memory fields, a scoped GE map only its levels, MindSpore's ge_options only "
       "global and session; anything else would be lost.",
       "Correct the key (the message suggests the nearest one) or remove it."},
      {DiagnosticCode::near_miss_key,
       "Option maps carry many options; this key is none of the memory keys but within a few edits of one, so the "
       "setting it was meant to make is probably lost.",
       "Write the key the message suggests, or leave it if it is meant as it is."},
      {DiagnosticCode::duplicate_key,
       "JSON parsers silently keep one of the two values, usually the last, so what the runtime gets depends on the "
       "parser.",
       "Give each key once."},
      {DiagnosticCode::wrong_type,
       "Each field takes an integer, its value's name or the decimal string of the integer (the policy: a string or "
       "null), and option maps take strings; the runtime would misread a value of another type.",
       "Write one of the values the message lists."},
      {DiagnosticCode::invalid_value,
       "An integer out of range, a misspelled name, a decimal string with spaces, a sign or a leading zero, or a "
       "value's "
       "name in a form the engine reads (it compares the text): the runtime would truncate it or silently run a "
       "default.",
       "Write one of the values the message lists."},
      {DiagnosticCode::conflicting_values,
       "One field is given twice with different values (a GE key and its short alias, two levels of GE options, "
       "MindSpore's atomic_clean_policy and its session key), and the engine would silently take one of them.",
       "Give the field once, or the same value everywhere."},
      {DiagnosticCode::unsupported_option,
       "The target has no such option (TF2 has no memory_optimization_policy) or forces a value of its own (torchair), "
       "so the engine would run another value than the config asks for; or the engine does not list the option at "
       "that level (the static policy and the huge page key at graph level).",
       "Use the value the target runs, or target a runtime that carries the option."},
      {DiagnosticCode::legacy_value,
       "Current releases read " + legacy_code + " as " + std::to_string(legacy.canonical_code) + "; up to CANN " +
           release_of(CannRelease::Rule::legacy_1_is_static_allocation) +
           " it meant static allocation at the maximum size.",
       "Write " + static_policy(legacy_target) + "."},
      {DiagnosticCode::costly_policy, costly_values() + " lower memory use at some cost in speed.",
       "Keep it if memory is what the job lacks; otherwise use the default."},
      {DiagnosticCode::unsupported_product,
       "MemoryConfig is not supported on " + products_where(&Description<Product>::supports_memory_config, false) +
           ", and 1 GB huge pages only on " + products_where(&Description<Product>::supports_1g_huge_page, true) +
           "; there the runtime runs its defaults.",
       "Leave the field at its default, or run on a product that supports it."},
      {DiagnosticCode::unknown_soc,
       "The SoC version names no product of the table: a newer chip, or a misspelling (the message suggests a known "
       "spelling when there is one).",
       "Correct the SoC version, or name the product with --product."},
      {DiagnosticCode::product_mismatch,
       "The chip the SoC version names belongs to another product than the one given.",
       "Give one of the two, or make them agree."},
      {DiagnosticCode::concurrent_graphs,
       "With graphs that execute concurrently the engine cannot expand static-shape memory: " + static_only +
           " (and the legacy " + legacy_code + ") and " + static_and_dynamic + " are not supported (up to CANN " +
           release_of(CannRelease::Rule::concurrent_graphs_allow_4) + " only " + static_only + "; the " +
           release_of(CannRelease::Rule::concurrent_graphs_4_disputed) + " documents disagree on " +
           static_and_dynamic + "), also when " + std::string(keys::ge_use_static_memory_env) +
           " makes the engine run them.",
       "Use " + static_policies(false, true, " or ") + ", or run the graphs one after another."},
      {DiagnosticCode::environment_changes,
       "The engine combines the variable with the option: static shapes expand if either says so, dynamic shapes too.",
       "Unset GE_USE_STATIC_MEMORY, or set static_memory_policy to what the engine should run."},
      {DiagnosticCode::environment_ignored,
       "The engine reads only the exact strings 0 to 4; anything else (\" 2\", yes) does nothing.",
       "Unset the variable, or give it one of 0 to 4."},
      {DiagnosticCode::environment_beside_option,
       "CANN documents that the variable and the option must not be used together (the run may conflict), and "
       "deprecates "
       "the variable.",
       "Unset GE_USE_STATIC_MEMORY and keep static_memory_policy."},
      {DiagnosticCode::release_difference,
       "The setting is not documented, ignored, or means something else in the release the job runs on.",
       "Check the setting against that release, or name the release the job really runs on."},
      {DiagnosticCode::pointer_unresolved,
       "The pointer names a member or an element the file does not have; the message says how much of it exists.",
       "Correct the pointer (RFC 6901: /memory_config, /jobs/0/memory; ~1 stands for /, ~0 for ~)."},
      {DiagnosticCode::unknown_section,
       "MindSpore Lite reads GE options from " + lite_sections() +
           " only; "
           "a section named almost like one (a typo, spaces inside the brackets, a byte order mark before it) is a "
           "section of its own, which nothing reads.",
       "Write the section's name exactly, with nothing inside the brackets but the name."},
      {DiagnosticCode::malformed_header,
       "A line that starts with \"[\" but has text after the \"]\" opens no section: MindSpore Lite ignores it, and "
       "the options after it stay in the section before it.",
       "Put a comment on a line of its own, after \"#\"."},
      {DiagnosticCode::duplicate_section,
       "MindSpore Lite keeps the first block of a section that holds an option, and drops every later block of the "
       "same name whole, without a word.",
       "Give each section once; merge the blocks."},
      {DiagnosticCode::ignored_option,
       "A memory option where the runtime never reads it: in MindSpore Lite another section, before the first "
       "section, a line without \"=\", a dropped block, or the global static policy its session default hides; and "
       "GE_USE_STATIC_MEMORY written as an option, which the engine reads from the environment only.",
       "Move the option into the section the message names."},
      {DiagnosticCode::wrong_form,
       "The text is of another form than the one read: a MindSpore Lite config file given as JSON, or JSON given as a "
       "MindSpore Lite config file, so nothing in it is read.",
       "Read it with the --from the message names."},
      {DiagnosticCode::no_memory_settings,
       "A TF1 session config without the NpuOptimizer custom optimizer: the adapter receives no memory settings, so "
       "the runtime runs its defaults.",
       "Add the NpuOptimizer to graph_options.rewrite_options.custom_optimizers, or check the file meant."},
      {DiagnosticCode::not_checkable,
       "A job script sets a variable of the engine from a value known only when it runs (an expansion: $X, "
       "${X:-1}, $(...)), sources or runs a file whose path is known only then or that does not exist, or writes "
       "the variable inside a command built from a string: what the launch gets cannot be checked.",
       "Write the value itself, or the path itself, where the script sets it."},
      {DiagnosticCode::inert_settings,
       "A launcher runs its job where the engine's memory settings do nothing: MindSpore's jit_level \"O0\" "
       "or \"O1\" (kernel by kernel on MindSpore's own memory pool, from MindSpore 2.3 on), its "
       "PYNATIVE_MODE, no jit_level at all on Atlas A2 or A3 (MindSpore 2.5 and later choose kernel by "
       "kernel there), or torchair's \"reduce-overhead\" mode. The message names the settings it makes "
       "inert; their own checks still run.",
       "Run jit_level \"O2\" (graph mode on the engine), or torchair's default mode, if the settings are "
       "meant to act; else remove them."},
      {DiagnosticCode::not_exported,
       "A shell variable reaches the processes a script starts only when it is exported (export, declare -x, "
       "set -a before the assignment); assigned alone, GE_USE_STATIC_MEMORY=2 is the shell's own and no launch "
       "runs with it.",
       "Export it where it is assigned (export GE_USE_STATIC_MEMORY=2), or drop the assignment."},
      {DiagnosticCode::unreadable_input, "The CONFIG file is missing, a folder, or not readable.",
       "Check the path and its permissions."},
      {DiagnosticCode::unwritable_output,
       "The --output file could not be written (a missing folder, no permission, a full disk); the file is left as it "
       "was.",
       "Check the folder, its permissions and its free space."},
      {DiagnosticCode::not_updatable,
       "The --output file is one of the CONFIG files read, and writing the output would replace it with another form "
       "(or it cannot be updated in place: tf1, torchair), losing what it holds besides the memory settings; the file "
       "is left as it was. With --fix: an edit of a fix that could not be made where it goes (a statement that is "
       "the only one of its block or shares its line, an edit that would not read back as it means), and why.",
       "Give --output - or another path to write the whole output, or a --format of the file's own form. With --fix, "
       "make the edit the message names by hand."},
      {DiagnosticCode::usage_error,
       "An unknown flag, a flag given twice, a value that is none of a flag's choices, or flags that do not go "
       "together.",
       "See npu-memcfg --help."},
  };
}

}  // namespace

const CodeHelp& code_help(DiagnosticCode code) {
  static const std::vector<CodeHelp> table = code_help_table();  // indexed by DiagnosticCode
  return table[static_cast<std::size_t>(code)];
}

}  // namespace npu::memcfg
