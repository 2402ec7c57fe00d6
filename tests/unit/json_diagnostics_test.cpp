#include <catch2/catch.hpp>

#include <npu/memory_config_json.hpp>

using namespace npu;

TEST_CASE("a diagnostic as a JSON object: every field, line and column null without a position",
          "[json][diagnostics]") {
  const nlohmann::json line = Diagnostic{
      Severity::warning, DiagnosticCode::costly_policy,      {"job.json", {}, {}, {2, 3}}, "atomic_clean_policy",
      "1 (separate)",    "1 (separate) may cost performance"};
  CHECK(line.dump() == R"j({"code":"costly_policy","column":3,"field":"atomic_clean_policy","line":2,)j"
                       R"j("message":"1 (separate) may cost performance","severity":"warning","source":"job.json",)j"
                       R"j("value":"1 (separate)"})j");
  const nlohmann::json unplaced =
      Diagnostic{Severity::error, DiagnosticCode::conflicting_values, {"GE options", "session", {}, {}}, "f", "v", "m"};
  CHECK(unplaced.at("line").is_null());
  CHECK(unplaced.at("column").is_null());
  CHECK(unplaced.at("source") == "GE options (session)");
  CHECK(unplaced.at("severity") == "error");
}
