#include "file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace npu::memcfg {
namespace {

std::string failure(const char* what, const std::string& path, int error) {
  return std::string(what) + " " + path + ": " + std::strerror(error);
}

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

}  // namespace

FileResult read_file(const std::string& path) {
  FileResult result;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    result.error = failure("cannot read", path, errno);
    return result;
  }
  if (!read_all(fd, result.text)) {
    result.error = failure("cannot read", path, errno);
    result.text.clear();
  } else {
    result.ok = true;
  }
  ::close(fd);
  return result;
}

FileResult read_stdin() {
  FileResult result;
  if (!read_all(STDIN_FILENO, result.text)) {
    result.error = failure("cannot read", "<stdin>", errno);
    result.text.clear();
    return result;
  }
  result.ok = true;
  return result;
}

FileResult write_file_atomically(const std::string& path, const std::string& text) {
  FileResult result;
  std::string temporary = directory_of(path) + "/." + base_name_of(path) + ".npu-memcfg.XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    result.error = failure("cannot write", path, errno);
    return result;
  }
  // mkstemp creates 0600: give the new file what the old one had, or what a
  // plain open() would have given (0666 less the umask).
  struct stat existing {};
  mode_t mode = 0;
  if (::stat(path.c_str(), &existing) == 0) {
    mode = existing.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  const bool written = ::fchmod(fd, mode) == 0 && write_all(fd, text) && ::fsync(fd) == 0;
  const int write_error = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    result.error = failure("cannot write", path, written ? errno : write_error);
    ::unlink(temporary.c_str());
    return result;
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    result.error = failure("cannot write", path, errno);
    ::unlink(temporary.c_str());
    return result;
  }
  result.ok = true;
  return result;
}

}  // namespace npu::memcfg
