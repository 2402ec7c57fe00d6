// Readers of the maps a runtime holds allocate nothing on the success path:
// counted with a replaced global operator new in this test binary. (The
// writers return standard containers: they allocate, and that is fine.)
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <map>
#include <new>
#include <string>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/map_readers.hpp>

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
#if defined(__cpp_exceptions)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

template <class F>
long allocations_during(F&& f) {
  const long before = allocations.load();
  f();
  return allocations.load() - before;
}

}  // namespace

using namespace npu;

TEST_CASE("reading a GE map allocates nothing on the success path", "[allocation]") {
  const std::map<std::string, std::string> options{
      {"ge.exec.deviceId", "0"},           {"ge.exec.atomicCleanPolicy", "1"},
      {"ge.exec.staticMemoryPolicy", "3"}, {"ge.exec.memoryOptimizationPolicy", "MemoryPriority"},
      {"ge.variableUse1gHugePage", "2"},   {"ge.exec.precision_mode", "allow_fp32_to_fp16"},
      {"static_memory_policy", "3"}};
  bool ok = false;
  CHECK(allocations_during([&] { ok = read_ge_options(options).ok(); }) == 0);
  CHECK(ok);
  CHECK(allocations_during([&] { ok = read_ge_options(options, options).ok(); }) == 0);
  CHECK(ok);
  const std::map<std::string, std::string> graph{{"ge.exec.atomicCleanPolicy", "1"}, {"ge.graphRunMode", "1"}};
  CHECK(allocations_during([&] { ok = read_ge_options(options, options, graph).ok(); }) == 0);
  CHECK(ok);
  const std::map<std::string, std::string> bad{{"ge.exec.staticMemoryPolicy", "9"}};
  CHECK(allocations_during([&] { ok = read_ge_options(bad).ok(); }) > 0);  // a diagnostic costs, and is counted
  CHECK_FALSE(ok);
}
