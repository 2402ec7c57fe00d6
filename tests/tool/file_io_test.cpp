// --output through symbolic links (file_io.cpp's followed_links): the file at
// the end of the links is written, every link stays a link, and a loop is an
// error that writes nothing. And what a folder's walk reads of a file: its
// start only, without waiting.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

#include "file_io.hpp"
#include "scratch.hpp"
#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::contents;
using npu::test::run_with_stdin;
using npu::test::Scratch;
namespace fs = std::filesystem;

namespace {

constexpr const char* written_json =
    "{\n  \"atomic_clean_policy\": 0,\n  \"static_memory_policy\": 2,\n  \"variable_use_1g_huge_page\": 0\n}\n";

Outcome output_to(const fs::path& path) {
  return run_with_stdin({"--static-memory-policy", "2", "--output", path.string()});
}

}  // namespace

TEST_CASE("output through a chain of two links writes the file at its end", "[tool][links]") {
  const Scratch scratch("chain");
  fs::create_directories(scratch.root / "jobs");
  const fs::path target = scratch.root / "jobs" / "memory.json";
  fs::create_symlink(target, scratch.root / "second");   // absolute
  fs::create_symlink("second", scratch.root / "first");  // relative, to a link
  const Outcome outcome = output_to(scratch.root / "first");
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.err.empty());
  CHECK(contents(target) == written_json);
  CHECK(fs::is_symlink(scratch.root / "first"));
  CHECK(fs::is_symlink(scratch.root / "second"));
  CHECK(fs::read_symlink(scratch.root / "first") == "second");
}

TEST_CASE("a relative link target is taken from the link's folder, not the working folder", "[tool][links]") {
  const Scratch scratch("relative");
  fs::create_directories(scratch.root / "links");
  fs::create_directories(scratch.root / "configs");
  // Resolved from the working folder, "../configs/npu-memcfg-relative.json"
  // would name another file; the test checks that none appears there.
  fs::create_symlink("../configs/npu-memcfg-relative.json", scratch.root / "links" / "memory.json");
  const fs::path wrong = fs::current_path() / ".." / "configs" / "npu-memcfg-relative.json";
  REQUIRE_FALSE(fs::exists(wrong));
  const Outcome outcome = output_to(scratch.root / "links" / "memory.json");
  CHECK(outcome.exit_code == 0);
  CHECK(contents(scratch.root / "configs" / "npu-memcfg-relative.json") == written_json);
  CHECK(fs::is_symlink(scratch.root / "links" / "memory.json"));
  CHECK_FALSE(fs::exists(wrong));
}

TEST_CASE("a link to a file not there yet creates the file and keeps the link", "[tool][links]") {
  const Scratch scratch("dangling");
  fs::create_symlink(scratch.root / "new.json", scratch.root / "link.json");
  CHECK(output_to(scratch.root / "link.json").exit_code == 0);
  CHECK(contents(scratch.root / "new.json") == written_json);
  CHECK(fs::is_symlink(scratch.root / "link.json"));
}

TEST_CASE("a link whose target is longer than a first read of it", "[tool][links]") {
  const Scratch scratch("long");
  std::string long_target;
  for (int i = 0; i < 150; ++i) long_target += "./";  // 300 bytes, naming the folder itself
  long_target += "memory.json";
  fs::create_symlink(long_target, scratch.root / "link.json");
  CHECK(followed_links((scratch.root / "link.json").string()) == (scratch.root / long_target).string());
  CHECK(output_to(scratch.root / "link.json").exit_code == 0);
  CHECK(contents(scratch.root / "memory.json") == written_json);
  CHECK(fs::is_symlink(scratch.root / "link.json"));
}

TEST_CASE("a loop of links is an error and writes nothing", "[tool][links]") {
  const Scratch scratch("loop");
  fs::create_symlink("b.json", scratch.root / "a.json");
  fs::create_symlink("a.json", scratch.root / "b.json");
  CHECK_FALSE(followed_links((scratch.root / "a.json").string()));
  const Outcome outcome = output_to(scratch.root / "a.json");
  CHECK(outcome.exit_code == 2);
  CHECK(outcome.out.empty());
  CHECK(outcome.err ==
        "error: " + (scratch.root / "a.json").string() + ": cannot be written: its symbolic links make a loop\n");
  CHECK(fs::read_symlink(scratch.root / "a.json") == "b.json");
  CHECK(fs::read_symlink(scratch.root / "b.json") == "a.json");
}

TEST_CASE("a path that is no link is itself", "[tool][links]") {
  const Scratch scratch("plain");
  CHECK(followed_links((scratch.root / "memory.json").string()) == (scratch.root / "memory.json").string());
  CHECK(followed_links("memory.json") == "memory.json");
}

TEST_CASE("a file's start: at most the limit, and a pipe with no writer does not wait", "[tool][walk]") {
  const Scratch scratch("file-start");
  const std::string big = scratch.write("dataset", "#!/bin/bash\n" + std::string(10000, 'x'));
  const FileResult start = read_file_start(big, 4096);
  CHECK(start.ok);
  CHECK(start.text.size() == 4096);
  CHECK(start.text.rfind("#!/bin/bash\nxx", 0) == 0);
  CHECK(read_file_start(scratch.write("short", "#!/bin/sh"), 4096).text == "#!/bin/sh");
  const std::string pipe = (scratch.root / "pipe").string();
  REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  const FileResult from_pipe = read_file_start(pipe, 4096);  // blocking here would hang the test
  CHECK(from_pipe.ok);
  CHECK(from_pipe.text.empty());
  CHECK_FALSE(read_file_start((scratch.root / "missing").string(), 4096).ok);
}

TEST_CASE("a job's file is opened from the working directory unless its name is absolute", "[tool][links]") {
  CHECK(npu::memcfg::path_in("/w", "run.sh") == "/w/run.sh");
  CHECK(npu::memcfg::path_in("/w", "a/b.sh") == "/w/a/b.sh");
  CHECK(npu::memcfg::path_in("/w", "/abs/run.sh") == "/abs/run.sh");
  CHECK(npu::memcfg::path_in("/w", "//net/run.sh") == "//net/run.sh");
  CHECK(npu::memcfg::path_in("/w", "a//b.sh") == "/w/a//b.sh");
}
