// Preloaded into npu-memcfg by tool.output_atomicity: logs each fsync (of a
// regular file or of a folder) and each rename, in order, to the file named
// by NPU_SYNC_TRACE, then calls the real function. With NPU_SYNC_FAIL_FOLDER
// set, an fsync of a folder fails with EIO instead, as on a failing disk.
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace {

void log_line(const char* line) {
  const char* log_path = std::getenv("NPU_SYNC_TRACE");
  if (log_path == nullptr) return;
  const int fd = ::open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const ssize_t ignored = ::write(fd, line, std::strlen(line));
  static_cast<void>(ignored);
  ::close(fd);
}

template <typename Function>
Function real(const char* name) {
  return reinterpret_cast<Function>(::dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" int fsync(int fd) {
  struct stat status {};
  const bool is_folder = ::fstat(fd, &status) == 0 && S_ISDIR(status.st_mode);
  log_line(is_folder ? "fsync folder\n" : "fsync file\n");
  if (is_folder && std::getenv("NPU_SYNC_FAIL_FOLDER") != nullptr) {
    errno = EIO;
    return -1;
  }
  return real<int (*)(int)>("fsync")(fd);
}

extern "C" int rename(const char* from, const char* to) noexcept {
  log_line("rename\n");
  return real<int (*)(const char*, const char*)>("rename")(from, to);
}
