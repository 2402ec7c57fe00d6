// The key tables' filters only ever rule out keys that are not near misses:
// near_miss() agrees with the plain definition (edit distance within the
// budget, checked by bounded_edit_distance) on every key of every table with
// one, two and three edits, and on foreign keys.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

namespace {

using npu::detail::KeyBinding;

template <std::size_t N>
const KeyBinding* reference_find(const npu::detail::KeyTable<N>& table, std::string_view key) {
  for (const KeyBinding& binding : table.bindings()) {
    if (binding.key == key) return &binding;
  }
  return nullptr;
}

template <std::size_t N>
const KeyBinding* reference_near_miss(const npu::detail::KeyTable<N>& table, std::string_view key) {
  for (const KeyBinding& binding : table.bindings()) {
    const std::size_t budget = npu::detail::near_miss_budget(binding.key.size());
    if (budget > 0 && key != binding.key && npu::detail::bounded_edit_distance(key, binding.key, budget) <= budget) {
      return &binding;
    }
  }
  return nullptr;
}

// Deterministic edits: the same cases on every run.
class Editor {
 public:
  std::string edit(std::string text) {
    const char alphabet[] = "aeiouxyzAPMgG._-19 \x80";
    const std::size_t position = text.empty() ? 0 : next() % (text.size() + 1);
    switch (next() % 4) {
      case 0:  // insert
        text.insert(text.begin() + static_cast<std::ptrdiff_t>(position), alphabet[next() % (sizeof alphabet - 1)]);
        break;
      case 1:  // delete
        if (position < text.size()) text.erase(position, 1);
        break;
      case 2:  // substitute
        if (position < text.size()) text[position] = alphabet[next() % (sizeof alphabet - 1)];
        break;
      default:  // transpose
        if (position + 1 < text.size()) std::swap(text[position], text[position + 1]);
        break;
    }
    return text;
  }

 private:
  std::uint32_t next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_ >> 8;
  }
  std::uint32_t state_ = 12345;
};

template <std::size_t N>
void check_against_reference(const npu::detail::KeyTable<N>& table, std::size_t& near_misses) {
  std::vector<std::string> probes = {"", "ge.exec.deviceId", "ge.exec.staticModelAddrFixed", "ge.graphRunMode",
                                     "ge.exec.staticMemPolicy", "STATIC_MEMORY_POLICY", std::string(200, 'e')};
  Editor editor;
  for (const KeyBinding& binding : table.bindings()) {
    for (int round = 0; round < 300; ++round) {
      std::string probe(binding.key);
      const int edits = 1 + round % 4;  // one to four edits: inside and just outside the budgets
      for (int e = 0; e < edits; ++e) probe = editor.edit(probe);
      probes.push_back(probe);
    }
  }
  for (const std::string& probe : probes) {
    INFO("key: \"" << probe << "\"");
    CHECK(table.find(probe) == reference_find(table, probe));
    const KeyBinding* expected = reference_near_miss(table, probe);
    CHECK(table.near_miss(probe) == expected);
    near_misses += expected != nullptr ? 1 : 0;
  }
}

}  // namespace

TEST_CASE("key tables: find and near_miss agree with the plain definitions", "[readers][detail]") {
  std::size_t near_misses = 0;
  check_against_reference(npu::detail::key_table<npu::detail::KeyForm::ge>, near_misses);
  check_against_reference(npu::detail::key_table<npu::detail::KeyForm::tf1>, near_misses);
  check_against_reference(npu::detail::key_table<npu::detail::KeyForm::tf2>, near_misses);
  CHECK(near_misses > 1000);  // the probes do reach the distance check, not only the filters
}
