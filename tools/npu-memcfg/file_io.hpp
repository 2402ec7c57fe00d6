// Reading input files and writing --output without ever losing data.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace npu::memcfg {

struct FileResult {
  bool ok = false;
  std::string text;   // the contents, when reading
  std::string error;  // what went wrong, about the file: "cannot be read: No such file or directory"
};

// The path a file of the job is opened at: `shown` as diagnostics name it,
// taken from `working_directory` (absolute) unless it is absolute itself.
// Not normalized: `link/..` is left for the kernel to resolve.
[[nodiscard]] std::string path_in(const std::string& working_directory, const std::string& shown);

// The whole file, or why it could not be read (missing, a directory, ...).
[[nodiscard]] FileResult read_file(const std::string& path);

// At most `limit` bytes from the file's start, without waiting: what a
// folder's walk reads of a file to tell a script by its first line (a
// dataset is not read whole; a file that would block, as /proc/kmsg, gives
// what is there, or an error).
[[nodiscard]] FileResult read_file_start(const std::string& path, std::size_t limit);

// All of standard input.
[[nodiscard]] FileResult read_stdin();

// The file `path` names once every symbolic link on its last part is
// followed (a link to a link, a link to a file not yet there); `path`
// itself when it is no link. Relative link targets are taken from the
// link's folder. nullopt: more than 40 links in a row, as a loop makes
// (the kernel's ELOOP).
[[nodiscard]] std::optional<std::string> followed_links(const std::string& path);

// Whether both paths name one existing file (a link, a hard link or
// another spelling of the path included).
[[nodiscard]] bool same_file(const std::string& a, const std::string& b);

// Writes `text` to a temporary file beside `path`, flushes it to disk,
// renames it over `path` and flushes the folder. On any failure before the
// rename `path` is as it was and the temporary file is gone; a hard link to
// the old file keeps the old text. An existing file's permissions are kept.
[[nodiscard]] FileResult write_file_atomically(const std::string& path, const std::string& text);

}  // namespace npu::memcfg
