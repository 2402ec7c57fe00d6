// A new, empty folder for one test case, removed with it, and files in it.
#pragma once

#include <unistd.h>  // getpid: a scratch folder of its own when suites run side by side

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

namespace npu::test {

struct Scratch {
  std::filesystem::path root;
  explicit Scratch(const std::string& name)
      : root(std::filesystem::temp_directory_path() /
             ("npu-memcfg-scratch-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root);
  }
  ~Scratch() {
    std::error_code ignored;
    std::filesystem::remove_all(root, ignored);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  // Writes `text` to `name` under the folder, byte for byte; its path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::filesystem::path path = root / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
};

inline std::string contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace npu::test
