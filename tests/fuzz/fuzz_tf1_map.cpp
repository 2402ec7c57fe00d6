// A TF1 parameter_map: "key=i:<integer>" lines are integer (i)
// values, every other line a string (s) value.
#include <charconv>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = npu::fuzz::key_value_lines(npu::fuzz::as_text(data, size));
  std::vector<std::pair<std::string, npu::Tf1ParameterMap::mapped_type>> parameters;
  for (const auto& [key, value] : lines) {
    std::int64_t integer = 0;
    const bool is_integer = value.rfind("i:", 0) == 0 &&
                            std::from_chars(value.data() + 2, value.data() + value.size(), integer).ec == std::errc();
    parameters.emplace_back(key, is_integer ? npu::Tf1ParameterMap::mapped_type(integer)
                                            : npu::Tf1ParameterMap::mapped_type(std::string(value)));
  }
  npu::fuzz::check(npu::read_tf1_parameter_map(parameters, "fuzz"));
  return 0;
}
