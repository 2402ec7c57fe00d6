// Runs the benchmarks, then prints the library and its baseline side by
// side: time and allocations per operation, the ratio, and the target.
// Exits 1 when a target is missed.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <set>
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

class SideBySideReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      // One measurement per benchmark: the median of the repetitions when
      // there are several (scripts/bench interleaves them, so a slow spell
      // of a shared machine hits library and baseline alike).
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.error_occurred || !(median || run.run_type == Run::RT_Iteration)) continue;
      if (!median && medians_.count(run.run_name.str()) != 0) continue;
      if (median) medians_.insert(run.run_name.str());
      Measurement& m = results_[run.run_name.str()];
      m.nanoseconds = run.GetAdjustedRealTime();  // the default unit: ns
      const auto allocations = run.counters.find("allocs");
      m.allocations = allocations == run.counters.end() ? -1 : allocations->second.value;
    }
  }

  // Prints the table; false when a target is missed.
  bool print_table() const {
    bool all_met = true;
    std::printf("\n%-40s %11s %7s %11s %7s %14s %9s %4s\n", "operation", "library ns", "allocs", "baseline ns",
                "allocs", "ratio", "target", "met");
    for (const Target& target : targets) {
      const Measurement library = find(std::string(target.operation) + "/library");
      const Measurement baseline = find(std::string(target.operation) + "/baseline");
      if (library.nanoseconds < 0 || (target.goal != Goal::reference && baseline.nanoseconds < 0)) {
        std::printf("%-40s %11s\n", target.operation, "(not run)");
        continue;
      }
      if (target.goal == Goal::reference) {
        std::printf("%-40s %11.1f %7.1f %11s %7s %14s %9s %4s\n", target.operation, library.nanoseconds,
                    library.allocations, "", "", "", "(ref.)", "");
        continue;
      }
      char ratio[32];
      char goal[32];
      bool met = false;
      if (target.goal == Goal::faster_by_at_least) {
        const double speedup = baseline.nanoseconds / library.nanoseconds;
        std::snprintf(ratio, sizeof ratio, "%.1fx faster", speedup);
        std::snprintf(goal, sizeof goal, ">= %.0fx", target.ratio);
        met = speedup >= target.ratio;
      } else {
        const double cost = library.nanoseconds / baseline.nanoseconds;
        std::snprintf(ratio, sizeof ratio, "%.2fx cost", cost);
        std::snprintf(goal, sizeof goal, "<= %.2gx", target.ratio);
        met = cost <= target.ratio;
      }
      if (target.library_allocates_nothing) met = met && library.allocations == 0;
      all_met = all_met && met;
      std::printf("%-40s %11.1f %7.1f %11.1f %7.1f %14s %9s %4s\n", target.operation, library.nanoseconds,
                  library.allocations, baseline.nanoseconds, baseline.allocations, ratio, goal, met ? "yes" : "NO");
    }
    std::printf("(allocs: heap allocations per operation; a target that names no allocation also needs 0 allocs "
                "in the library column where the issue asks for it)\n");
    return all_met;
  }

 private:
  Measurement find(const std::string& name) const {
    const auto it = results_.find(name);
    return it == results_.end() ? Measurement{} : it->second;
  }

  std::map<std::string, Measurement> results_;  // by benchmark name
  std::set<std::string> medians_;                // names whose measurement is a median
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
