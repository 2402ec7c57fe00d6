// Runs the benchmarks, then prints the library and its baseline side by
// side: time and allocations per operation, and the library's cost relative
// to the baseline, for information. Pass or fail is an absolute budget per
// operation (these run once per job start, beside an engine initialisation
// that takes seconds). Exits 1 when a budget is missed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

// What each operation must meet: at most `budget_ns` (0: no time budget), or
// at most `max_cost` times its baseline. Allocations are shown, not budgeted:
// the writers return the standard containers a runtime takes.
struct Budget {
  const char* operation;
  double budget_ns;
  double max_cost;
};

const Budget budgets[] = {
    {"serialize GE global+session", 1000, 0}, {"serialize TF1 parameter_map", 1000, 0}, {"serialize TF2 map", 1000, 0},
    {"read GE map (40 options)", 50000, 0},   {"read JSON config text", 0, 1.5},
};

struct Measurement {
  double nanoseconds = -1;
  double allocations = -1;
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Library and baseline, repetition by repetition. With interleaved
// repetitions (scripts/bench), repetition i of every benchmark runs in the
// same round, close in time: on a machine whose speed drifts, the ratio of
// one round is sound where a ratio of two medians may mix fast and slow
// spells. The table shows the median times and the median of the rounds'
// ratios.
struct Comparison {
  Measurement library;
  Measurement baseline;
  double ratio = -1;  // baseline / library: how many times faster
};

class SideBySideReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<Run> shown;  // the aggregates when there are repetitions, else the run
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Aggregate) {
        shown.push_back(run);
        continue;
      }
      if (run.error_occurred) continue;
      std::vector<Measurement>& repetitions = results_[run.run_name.str()];
      const auto index = static_cast<std::size_t>(run.repetition_index);
      if (repetitions.size() <= index) repetitions.resize(index + 1);
      const auto allocations = run.counters.find("allocs");
      repetitions[index] = {run.GetAdjustedRealTime(),  // the default unit: ns
                            allocations == run.counters.end() ? -1 : allocations->second.value};
      if (run.repetitions <= 1) shown.push_back(run);
    }
    if (!shown.empty()) ConsoleReporter::ReportRuns(shown);
  }

  // Prints the table; false when a budget is missed.
  bool print_table() const {
    bool all_met = true;
    std::printf("\n%-30s %11s %7s %11s %7s %9s %15s %4s\n", "operation", "library ns", "allocs", "baseline ns",
                "allocs", "cost", "budget", "met");
    for (const Budget& budget : budgets) {
      const Comparison c = compare(budget.operation);
      if (c.library.nanoseconds < 0 || c.baseline.nanoseconds < 0) {
        std::printf("%-30s %11s\n", budget.operation, "(not run)");
        all_met = false;
        continue;
      }
      const double cost = 1 / c.ratio;
      char limit[32];
      bool met = true;
      if (budget.budget_ns > 0) {
        std::snprintf(limit, sizeof limit, "<= %.0f ns", budget.budget_ns);
        met = c.library.nanoseconds <= budget.budget_ns;
      } else {
        std::snprintf(limit, sizeof limit, "<= %.2gx", budget.max_cost);
        met = cost <= budget.max_cost;
      }
      all_met = all_met && met;
      std::printf("%-30s %11.1f %7.1f %11.1f %7.1f %8.2fx %15s %4s\n", budget.operation, c.library.nanoseconds,
                  c.library.allocations, c.baseline.nanoseconds, c.baseline.allocations, cost, limit,
                  met ? "yes" : "NO");
    }
    std::printf(
        "(times: medians of the repetitions; cost: library / baseline, the median of the repetitions' "
        "ratios; allocs: heap allocations per operation, the worst repetition)\n");
    return all_met;
  }

 private:
  Comparison compare(const std::string& operation) const {
    const std::vector<Measurement> library = repetitions_of(operation + "/library");
    const std::vector<Measurement> baseline = repetitions_of(operation + "/baseline");
    Comparison c;
    c.library = summary(library);
    c.baseline = summary(baseline);
    std::vector<double> ratios;
    for (std::size_t i = 0; i < library.size() && i < baseline.size(); ++i) {
      if (library[i].nanoseconds > 0 && baseline[i].nanoseconds > 0) {
        ratios.push_back(baseline[i].nanoseconds / library[i].nanoseconds);
      }
    }
    if (!ratios.empty()) c.ratio = median(ratios);
    return c;
  }

  static Measurement summary(const std::vector<Measurement>& repetitions) {
    std::vector<double> times;
    std::vector<double> allocations;
    for (const Measurement& m : repetitions) {
      if (m.nanoseconds < 0) continue;
      times.push_back(m.nanoseconds);
      allocations.push_back(m.allocations);
    }
    if (times.empty()) return {};
    return {median(times), *std::max_element(allocations.begin(), allocations.end())};  // allocs: the worst
  }

  std::vector<Measurement> repetitions_of(const std::string& name) const {
    const auto it = results_.find(name);
    return it == results_.end() ? std::vector<Measurement>{} : it->second;
  }

  std::map<std::string, std::vector<Measurement>> results_;  // by benchmark name, by repetition
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  SideBySideReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return reporter.print_table() ? 0 : 1;
}
