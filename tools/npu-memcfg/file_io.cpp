#include "file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

namespace npu::memcfg {
namespace {

std::string failure(const char* what, int error) { return std::string(what) + ": " + std::strerror(error); }

// Reads fd to its end; false with errno set on a read error.
bool read_all(int fd, std::string& text) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

bool write_all(int fd, const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_name_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Creates a new, empty file beside `path` and returns its descriptor (-1 with
// errno set). Created as a plain open() would create `path`, so the kernel
// applies the umask and the folder's default ACL: nothing reads or changes
// the process's umask. O_EXCL never follows a planted link.
int create_temporary_beside(const std::string& path, std::string& temporary) {
  const std::string prefix =
      directory_of(path) + "/." + base_name_of(path) + ".npu-memcfg." + std::to_string(::getpid());
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = prefix + "." + std::to_string(attempt);
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;  // errno is EEXIST
}

bool sync_directory(const std::string& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = ::fsync(fd) == 0;
  const int sync_error = errno;
  ::close(fd);
  errno = sync_error;
  return synced;
}

// What the symbolic link `path` points to (never empty: no link can be
// made to point nowhere); nullopt when `path` is no link.
std::optional<std::string> link_target(const std::string& path) {
  std::string target(256, '\0');
  for (;;) {
    const ssize_t length = ::readlink(path.c_str(), target.data(), target.size());
    if (length < 0) return std::nullopt;
    if (static_cast<std::size_t>(length) < target.size()) {
      target.resize(static_cast<std::size_t>(length));
      return target;
    }
    target.resize(target.size() * 2);  // it may have been cut: read it again with room to spare
  }
}

}  // namespace

std::string path_in(const std::string& working_directory, const std::string& shown) {
  return shown.rfind('/', 0) == 0 ? shown : working_directory + "/" + shown;
}

FileResult read_file(const std::string& path) {
  FileResult result;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    result.error = failure("cannot be read", errno);
    return result;
  }
  if (!read_all(fd, result.text)) {
    result.error = failure("cannot be read", errno);
    result.text.clear();
  } else {
    result.ok = true;
  }
  ::close(fd);
  return result;
}

FileResult read_file_start(const std::string& path, std::size_t limit) {
  FileResult result;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    result.error = failure("cannot be read", errno);
    return result;
  }
  result.text.resize(limit);
  std::size_t got = 0;
  while (got < limit) {
    const ssize_t n = ::read(fd, result.text.data() + got, limit - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      result.error = failure("cannot be read", errno);
      break;
    }
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  result.text.resize(got);
  result.ok = result.error.empty();
  return result;
}

FileResult read_stdin() {
  FileResult result;
  if (!read_all(STDIN_FILENO, result.text)) {
    result.error = failure("cannot be read", errno);
    result.text.clear();
    return result;
  }
  result.ok = true;
  return result;
}

std::optional<std::string> followed_links(const std::string& path) {
  std::string followed = path;
  for (int depth = 0; depth < 40; ++depth) {  // as the kernel's own limit of links in a row
    std::optional<std::string> target = link_target(followed);
    if (!target) return followed;
    if (target->front() != '/') target->insert(0, directory_of(followed) + "/");
    followed = std::move(*target);
  }
  return std::nullopt;
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat first {};
  struct stat second {};
  return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

FileResult write_file_atomically(const std::string& path, const std::string& text) {
  FileResult result;
  std::string temporary;
  const int fd = create_temporary_beside(path, temporary);
  if (fd < 0) {
    result.error = failure("cannot be written", errno);
    return result;
  }
  // A replaced file keeps its permissions; a new one has what open() gave it.
  struct stat existing {};
  const bool keeps_mode = ::stat(path.c_str(), &existing) == 0;
  const bool written =
      (!keeps_mode || ::fchmod(fd, existing.st_mode & 07777) == 0) && write_all(fd, text) && ::fsync(fd) == 0;
  const int write_error = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    result.error = failure("cannot be written", written ? errno : write_error);
    ::unlink(temporary.c_str());
    return result;
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    result.error = failure("cannot be written", errno);
    ::unlink(temporary.c_str());
    return result;
  }
  // The rename is durable only once the folder's entry is on disk too.
  if (!sync_directory(directory_of(path))) {
    result.error = failure("was written, but its folder cannot be synced", errno);
    return result;
  }
  result.ok = true;
  return result;
}

}  // namespace npu::memcfg
