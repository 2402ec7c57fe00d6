#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <unordered_map>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("a fixed list: pushed in order, compared item by item", "[option_list]") {
  OptionList<3> list;
  CHECK(list.empty());
  CHECK(OptionList<3>::capacity() == 3);
  list.push_back({"b", "2"});
  list.push_back({"a", "1"});
  REQUIRE(list.size() == 2);
  CHECK(list[0] == OptionEntry{"b", "2"});
  CHECK(list[1] == OptionEntry{"a", "1"});
  OptionList<3> same;
  same.push_back({"b", "2"});
  same.push_back({"a", "1"});
  CHECK(list == same);
  OptionList<3> other = same;
  other.push_back({"c", "3"});
  CHECK(list != other);
  OptionList<3> changed;
  changed.push_back({"b", "2"});
  changed.push_back({"a", "0"});
  CHECK(list != changed);
  CHECK_FALSE(OptionEntry{"a", "1"} == OptionEntry{"a", "2"});
  CHECK_FALSE(OptionEntry{"a", "1"} == OptionEntry{"b", "1"});
}

TEST_CASE("find_option and owning copies", "[option_list]") {
  OptionList<2> list;
  list.push_back({"ge.exec.staticMemoryPolicy", "2"});
  REQUIRE(find_option(list, "ge.exec.staticMemoryPolicy") != nullptr);
  CHECK(find_option(list, "ge.exec.staticMemoryPolicy")->value == "2");
  CHECK(find_option(list, "ge.exec.atomicCleanPolicy") == nullptr);
  CHECK(to_map<std::map<std::string, std::string>>(list) ==
        std::map<std::string, std::string>{{"ge.exec.staticMemoryPolicy", "2"}});
  CHECK(to_map<std::unordered_map<std::string, std::string>>(list).at("ge.exec.staticMemoryPolicy") == "2");
}
