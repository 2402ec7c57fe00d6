#include <catch2/catch.hpp>

#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("a span views an array or a vector, in order", "[span]") {
  static constexpr int numbers[] = {3, 1, 4};
  constexpr detail::Span<int> of_array = numbers;
  static_assert(of_array.size() == 3 && of_array[2] == 4);
  const std::vector<int> vector{2, 7};
  const detail::Span<int> of_vector = vector;
  REQUIRE(of_vector.size() == 2);
  CHECK(of_vector[0] == 2);
  CHECK(of_vector[1] == 7);
  CHECK(std::vector<int>(of_vector.begin(), of_vector.end()) == vector);
  CHECK_FALSE(of_vector.empty());
  CHECK(detail::Span<int>().empty());
  CHECK(detail::Span<int>(numbers + 1, 1)[0] == 1);
}
