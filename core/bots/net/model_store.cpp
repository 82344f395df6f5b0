// The process-wide model cache and the shipped models' folder (model_store.h).
#include "bots/net/model_store.h"

#include <sys/stat.h>

#include <map>
#include <mutex>

namespace gs::bots::net {

namespace {

struct Entry {
  long long size = -1, mtime_ns = -1;
  std::shared_ptr<const Model> model;
};

std::mutex g_mutex;
std::map<std::string, Entry> g_cache;
std::string g_directory;

bool file_stat(const std::string& path, long long& size, long long& mtime_ns) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  size = static_cast<long long>(st.st_size);
  mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  return true;
}

}  // namespace

std::shared_ptr<const Model> load_model(const std::string& path) {
  long long size = -1, mtime = -1;
  const bool exists = file_stat(path, size, mtime);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_cache.find(path);
    if (exists && it != g_cache.end() && it->second.size == size && it->second.mtime_ns == mtime)
      return it->second.model;
  }
  struct stat st;
  if (!exists && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw ModelError("model " + shown_path(path) + ": is a folder, not a model file");
  auto model = std::make_shared<const Model>(read_model_file(path));  // outside the lock: may take milliseconds
  std::lock_guard<std::mutex> lock(g_mutex);
  g_cache[path] = Entry{size, mtime, model};
  return model;
}

void set_model_directory(const std::string& dir) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_directory = dir;
}

std::string model_directory() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_directory;
}

std::shared_ptr<const Model> shipped_model(const std::vector<std::string>& names, const std::string& configuration) {
  const std::string dir = model_directory();
  std::string tried;
  for (const std::string& name : names) {
    const std::string path = (dir.empty() ? std::string(".") : dir) + "/" + name + ".gsnet";
    long long size, mtime;
    if (file_stat(path, size, mtime)) return load_model(path);
    tried += (tried.empty() ? "" : ", ") + name + ".gsnet";
  }
  throw ModelError("no shipped net model for " + configuration + " (looked for " + tried + " in " +
                   (dir.empty() ? std::string("an unset model folder") : dir) +
                   "); give one with net:model=PATH, or train one with galaxysim train");
}

}  // namespace gs::bots::net
