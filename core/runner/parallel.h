// Games of a batch on a small thread pool: workers take blocks of consecutive game
// slots from a shared counter; the first exception stops the others and is rethrown.
// Slot k always holds game first_game + k, so results do not depend on threads.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace gs::runner {

// A progress counter another thread may read while the games are played (nullptr: none).
inline void count_game_done(int64_t* done) {
  if (done) __atomic_fetch_add(done, 1, __ATOMIC_RELAXED);
}
inline int64_t games_done(const int64_t* done) { return __atomic_load_n(done, __ATOMIC_RELAXED); }

// Calls play(worker, k) for every k in [0, count), on up to `threads` threads;
// `worker` is make() called once per thread (e.g. the seats' bots, reused across
// the thread's games). Each finished game adds one to *done (if given).
template <class Make, class Play>
void parallel_games_with(int64_t count, int threads, Make make, Play play, int64_t block = 8,
                         int64_t* done = nullptr) {
  std::atomic<int64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&]() {
    try {
      auto state = make();
      for (;;) {
        int64_t begin = next.fetch_add(block);
        if (begin >= count) return;
        int64_t end = std::min<int64_t>(begin + block, count);
        for (int64_t k = begin; k < end; ++k) {
          play(state, k);
          count_game_done(done);
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(count);
    }
  };
  int n = std::max(1, std::min<int>(threads, static_cast<int>((count + block - 1) / block)));
  if (n == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < n; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
  }
  if (failure) std::rethrow_exception(failure);
}

// Calls play(k) for every k in [0, count), on up to `threads` threads.
template <class Play>
void parallel_games(int64_t count, int threads, Play play, int64_t block = 8) {
  parallel_games_with(
      count, threads, [] { return 0; }, [&](int, int64_t k) { play(k); }, block);
}

}  // namespace gs::runner
