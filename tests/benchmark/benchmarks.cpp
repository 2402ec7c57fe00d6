// The library side by side with what users write by hand, in one run.
// Each operation has a "library" and a "baseline" benchmark; main.cpp prints
// them as one table beside each operation's budget.
#include <benchmark/benchmark.h>

#include <map>
#include <optional>
#include <string>

#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config/forms/tf1_parameter_map.hpp>
#include <npu/memory_config_json.hpp>

#include "allocation_counter.hpp"
#include "workloads.hpp"

namespace {

using StringMap = std::map<std::string, std::string>;

// Runs `operation` in the benchmark loop and reports allocations per call.
template <class Operation>
void measure(benchmark::State& state, Operation operation) {
  const std::uint64_t before = npu::bench::allocation_count();
  for (auto _ : state) operation();
  const auto calls = static_cast<double>(state.iterations());
  state.counters["allocs"] = benchmark::Counter(static_cast<double>(npu::bench::allocation_count() - before) / calls);
}

// A config the optimizer cannot see through.
npu::MemoryConfig opaque(npu::MemoryConfig config) {
  benchmark::DoNotOptimize(config);
  return config;
}

std::string int_text(npu::AtomicCleanPolicy v) { return std::to_string(static_cast<int>(v)); }
std::string int_text(npu::StaticMemoryPolicy v) { return std::to_string(static_cast<int>(v)); }
std::string int_text(npu::HugePagePolicy v) { return std::to_string(static_cast<int>(v)); }
const char* policy_text(npu::MemoryOptimizationPolicy v) {
  return v == npu::MemoryOptimizationPolicy::memory_priority ? "MemoryPriority" : "BalanceMode";
}

// --- Serializing.

void serialize_ge_library(benchmark::State& state) {
  const npu::MemoryConfig config = npu::bench::recommender_config();
  measure(state, [&] {
    const npu::GeOptions options = npu::ge_options(opaque(config));
    benchmark::DoNotOptimize(options);
  });
}

void serialize_ge_baseline(benchmark::State& state) {
  const npu::MemoryConfig config = npu::bench::recommender_config();
  measure(state, [&] {
    const npu::MemoryConfig c = opaque(config);
    StringMap global;
    StringMap session;
    global["ge.exec.staticMemoryPolicy"] = int_text(c.static_memory_policy);
    global["ge.variableUse1gHugePage"] = int_text(c.variable_use_1g_huge_page);
    session["ge.exec.atomicCleanPolicy"] = int_text(c.atomic_clean_policy);
    if (c.memory_optimization_policy)
      session["ge.exec.memoryOptimizationPolicy"] = policy_text(*c.memory_optimization_policy);
    session["ge.variableUse1gHugePage"] = int_text(c.variable_use_1g_huge_page);
    benchmark::DoNotOptimize(global);
    benchmark::DoNotOptimize(session);
  });
}

// The short-key forms (TF1 entries, TF2) share a hand-written baseline.
void fill_short_key_map(const npu::MemoryConfig& c, StringMap& map) {
  map["atomic_clean_policy"] = int_text(c.atomic_clean_policy);
  map["static_memory_policy"] = int_text(c.static_memory_policy);
  if (c.memory_optimization_policy) map["memory_optimization_policy"] = policy_text(*c.memory_optimization_policy);
  map["variable_use_1g_huge_page"] = int_text(c.variable_use_1g_huge_page);
}

void serialize_short_keys_baseline(benchmark::State& state, npu::MemoryConfig config) {
  measure(state, [&] {
    StringMap map;
    fill_short_key_map(opaque(config), map);
    benchmark::DoNotOptimize(map);
  });
}

void serialize_tf1_library(benchmark::State& state) {
  const npu::MemoryConfig config = npu::bench::recommender_config();
  measure(state, [&] {
    const npu::Tf1ParameterMap parameters = npu::tf1_parameter_map(opaque(config));
    benchmark::DoNotOptimize(parameters);
  });
}
void serialize_tf1_baseline(benchmark::State& state) {
  serialize_short_keys_baseline(state, npu::bench::recommender_config());
}

npu::MemoryConfig tf2_config() {
  npu::MemoryConfig config = npu::bench::recommender_config();
  config.memory_optimization_policy.reset();  // TF2 cannot carry it
  return config;
}
void serialize_tf2_library(benchmark::State& state) {
  const npu::MemoryConfig config = tf2_config();
  measure(state, [&] {
    const std::optional<std::map<std::string, std::string>> options = npu::tf2_options(opaque(config));
    benchmark::DoNotOptimize(options);
  });
}
void serialize_tf2_baseline(benchmark::State& state) { serialize_short_keys_baseline(state, tf2_config()); }

// --- Reading.

void read_ge_library(benchmark::State& state) {
  const StringMap options = npu::bench::realistic_ge_options();
  measure(state, [&] {
    const npu::ReadResult result = npu::read_ge_options(options);
    benchmark::DoNotOptimize(result);
  });
}

void read_ge_baseline(benchmark::State& state) {
  const StringMap options = npu::bench::realistic_ge_options();
  measure(state, [&] {
    npu::MemoryConfig c;
    c.atomic_clean_policy = static_cast<npu::AtomicCleanPolicy>(std::stoi(options.at("ge.exec.atomicCleanPolicy")));
    c.static_memory_policy = static_cast<npu::StaticMemoryPolicy>(std::stoi(options.at("ge.exec.staticMemoryPolicy")));
    c.variable_use_1g_huge_page = static_cast<npu::HugePagePolicy>(std::stoi(options.at("ge.variableUse1gHugePage")));
    const std::string& policy = options.at("ge.exec.memoryOptimizationPolicy");
    if (!policy.empty()) {
      c.memory_optimization_policy = policy == "MemoryPriority" ? npu::MemoryOptimizationPolicy::memory_priority
                                                                : npu::MemoryOptimizationPolicy::balance_mode;
    }
    benchmark::DoNotOptimize(c);
  });
}

void read_json_library(benchmark::State& state) {
  const std::string text = npu::bench::json_config_text();
  measure(state, [&] {
    const npu::ReadResult result = npu::read_json_config(text, "job.json");
    benchmark::DoNotOptimize(result);
  });
}

void read_json_baseline(benchmark::State& state) {
  const std::string text = npu::bench::json_config_text();
  measure(state, [&] {
    const nlohmann::json json = nlohmann::json::parse(text);
    npu::MemoryConfig c;
    c.atomic_clean_policy = static_cast<npu::AtomicCleanPolicy>(json.at("atomic_clean_policy").get<int>());
    c.static_memory_policy = static_cast<npu::StaticMemoryPolicy>(json.at("static_memory_policy").get<int>());
    c.variable_use_1g_huge_page = static_cast<npu::HugePagePolicy>(json.at("variable_use_1g_huge_page").get<int>());
    const auto& policy = json.at("memory_optimization_policy");
    if (!policy.is_null()) {
      c.memory_optimization_policy = policy.get<std::string>() == "MemoryPriority"
                                         ? npu::MemoryOptimizationPolicy::memory_priority
                                         : npu::MemoryOptimizationPolicy::balance_mode;
    }
    benchmark::DoNotOptimize(c);
  });
}

}  // namespace

BENCHMARK(serialize_ge_library)->Name("serialize GE global+session/library");
BENCHMARK(serialize_ge_baseline)->Name("serialize GE global+session/baseline");
BENCHMARK(serialize_tf1_library)->Name("serialize TF1 parameter_map/library");
BENCHMARK(serialize_tf1_baseline)->Name("serialize TF1 parameter_map/baseline");
BENCHMARK(serialize_tf2_library)->Name("serialize TF2 map/library");
BENCHMARK(serialize_tf2_baseline)->Name("serialize TF2 map/baseline");
BENCHMARK(read_ge_library)->Name("read GE map (40 options)/library");
BENCHMARK(read_ge_baseline)->Name("read GE map (40 options)/baseline");
BENCHMARK(read_json_library)->Name("read JSON config text/library");
BENCHMARK(read_json_baseline)->Name("read JSON config text/baseline");
