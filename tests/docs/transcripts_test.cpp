// Every `$ npu-memcfg ...` line in a fenced block of README.md and docs/*.md
// is run alone, in a fresh shell from the repository's root with the built
// tool first on PATH and no other environment (but a coverage or sanitizer
// build's own variables), and what it prints (stdout
// and stderr together, as `2>&1` shows them) must be, byte for byte, what
// the page shows below it, up to the next `$` line or the end of the block.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

struct Transcript {
  std::string page;
  std::size_t line = 0;  // of the `$` line
  std::string command;
  std::string output;
};

std::vector<std::string> doc_files() {
  std::vector<std::string> files;
  std::istringstream list(NPU_DOC_FILES);
  for (std::string file; std::getline(list, file, '|');) files.push_back(file);
  return files;
}

// The transcripts of a page: in each fenced block that holds a `$` line
// naming npu-memcfg, each `$` line (a trailing " \" continues it) and the
// lines below it.
std::vector<Transcript> transcripts_of(const std::string& page) {
  std::ifstream in(page);
  std::vector<Transcript> found;
  std::vector<Transcript> block;
  bool in_block = false;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      if (in_block) {
        bool shows_tool = false;
        for (const Transcript& transcript : block) {
          shows_tool = shows_tool || transcript.command.find("npu-memcfg") != std::string::npos;
        }
        if (shows_tool) found.insert(found.end(), block.begin(), block.end());
        block.clear();
      }
      in_block = !in_block;
    } else if (in_block && line.rfind("$ ", 0) == 0) {
      block.push_back({page, number, line.substr(2), {}});
    } else if (in_block && !block.empty() && block.back().output.empty() && block.back().command.size() > 1 &&
               block.back().command.compare(block.back().command.size() - 2, 2, " \\") == 0) {
      block.back().command += "\n" + line;
    } else if (in_block && !block.empty()) {
      block.back().output += line + "\n";
    }
  }
  return found;
}

// What the command prints, run as the test header says.
std::string run(const std::string& command) {
  char script[] = "/tmp/npu-memcfg-transcript-XXXXXX";
  const int fd = ::mkstemp(script);
  REQUIRE(fd >= 0);
  ::close(fd);
  std::ofstream(script) << command << "\n";
  // The variables a coverage or sanitizer build reads, so that its profile
  // goes where the others go and its errors stop the run.
  std::string measurement;
  for (const char* name : {"LLVM_PROFILE_FILE", "ASAN_OPTIONS", "UBSAN_OPTIONS"}) {
    if (const char* value = std::getenv(name)) measurement += std::string(" ") + name + "='" + value + "'";
  }
  const std::string shell = "cd '" + std::string(NPU_SOURCE_DIR) + "' && env -i PATH='" + NPU_TOOL_DIR +
                            ":/usr/local/bin:/usr/bin:/bin'" + measurement + " sh " + script + " 2>&1";
  std::string output;
  FILE* pipe = ::popen(shell.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t n = 0; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  ::pclose(pipe);
  std::remove(script);
  return output;
}

}  // namespace

TEST_CASE("every npu-memcfg transcript in the docs prints what it shows", "[docs]") {
  std::size_t count = 0;
  for (const std::string& page : doc_files()) {
    for (const Transcript& transcript : transcripts_of(page)) {
      ++count;
      INFO(transcript.page << ":" << transcript.line << ": $ " << transcript.command);
      CHECK(run(transcript.command) == transcript.output);
    }
  }
  CHECK(count >= 8);
}
