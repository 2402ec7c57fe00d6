// Runs the benchmarks, then prints the library and its baseline side by
// side: time and allocations per operation, the ratio, and the target.
// Exits 1 when a target is missed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

enum class Goal { faster_by_at_least, cost_at_most, reference };

struct Target {
  const char* operation;
  Goal goal;
  double ratio;
  bool library_allocates_nothing;
};

// Issue 5's targets.
const Target targets[] = {
    {"serialize GE global+session", Goal::faster_by_at_least, 10.0, true},
    {"serialize TF1 parameter_map", Goal::faster_by_at_least, 10.0, true},
    {"serialize TF2 map", Goal::faster_by_at_least, 10.0, true},
    {"serialize canonical JSON", Goal::faster_by_at_least, 10.0, true},
    {"serialize canonical JSON via nlohmann", Goal::reference, 0.0, false},
    {"read GE map (40 options)", Goal::cost_at_most, 3.0, true},
    {"read JSON config text", Goal::cost_at_most, 1.25, false},
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

  // Prints the table; false when a target is missed.
  bool print_table() const {
    bool all_met = true;
    std::printf("\n%-40s %11s %7s %11s %7s %14s %9s %4s\n", "operation", "library ns", "allocs", "baseline ns",
                "allocs", "ratio", "target", "met");
    for (const Target& target : targets) {
      const Comparison c = compare(target.operation);
      if (c.library.nanoseconds < 0 || (target.goal != Goal::reference && c.baseline.nanoseconds < 0)) {
        std::printf("%-40s %11s\n", target.operation, "(not run)");
        continue;
      }
      if (target.goal == Goal::reference) {
        std::printf("%-40s %11.1f %7.1f %11s %7s %14s %9s %4s\n", target.operation, c.library.nanoseconds,
                    c.library.allocations, "", "", "", "(ref.)", "");
        continue;
      }
      char ratio[32];
      char goal[32];
      bool met = false;
      if (target.goal == Goal::faster_by_at_least) {
        std::snprintf(ratio, sizeof ratio, "%.1fx faster", c.ratio);
        std::snprintf(goal, sizeof goal, ">= %.0fx", target.ratio);
        met = c.ratio >= target.ratio;
      } else {
        const double cost = 1 / c.ratio;
        std::snprintf(ratio, sizeof ratio, "%.2fx cost", cost);
        std::snprintf(goal, sizeof goal, "<= %.2gx", target.ratio);
        met = cost <= target.ratio;
      }
      if (target.library_allocates_nothing) met = met && c.library.allocations == 0;
      all_met = all_met && met;
      std::printf("%-40s %11.1f %7.1f %11.1f %7.1f %14s %9s %4s\n", target.operation, c.library.nanoseconds,
                  c.library.allocations, c.baseline.nanoseconds, c.baseline.allocations, ratio, goal,
                  met ? "yes" : "NO");
    }
    std::printf("(times: medians of the repetitions; ratio: the median of the repetitions' ratios; allocs: heap "
                "allocations per operation, which the library must keep at 0 where the issue asks for it)\n");
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
