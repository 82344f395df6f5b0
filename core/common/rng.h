// Small counter-free PRNG kept inside game states, and the seed mixer used to
// derive per-game seeds from (run seed, game index).
#pragma once
#include <cstdint>

namespace gs {

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The seed of game `index` in a run with seed `run_seed`.
inline uint64_t game_seed(uint64_t run_seed, uint64_t index) {
  return splitmix64(splitmix64(run_seed) ^ (index * 0xd1b54a32d192ed03ull));
}

// splitmix64 stream: 8 bytes of state, trivially copyable.
struct Rng {
  uint64_t s = 0;
  Rng() = default;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    s += 0x9e3779b97f4a7c15ull;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift; the tiny bias is irrelevant here).
  uint32_t below(uint32_t n) {
    return static_cast<uint32_t>(((next() & 0xffffffffull) * n) >> 32);  // both factors < 2^32
  }
};

}  // namespace gs
