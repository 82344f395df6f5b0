// CardSet: a fixed 192-bit set over card instances (three 64-bit words).
// All zone bookkeeping in the engines is done with these: hands, tableaus,
// goods, the deck and the discard pile are disjoint CardSets.
#pragma once
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace gs {

inline int popcount64(uint64_t w) { return __builtin_popcountll(w); }
inline int lowest_bit(uint64_t w) { return __builtin_ctzll(w); }
inline int highest_bit(uint64_t w) { return 63 - __builtin_clzll(w); }

// Index of the n-th (0-based) set bit of w; w must have more than n bits set.
inline int select_bit(uint64_t w, int n) {
#if defined(__BMI2__)
  return __builtin_ctzll(_pdep_u64(1ull << n, w));
#else
  while (n-- > 0) w &= w - 1;
  return __builtin_ctzll(w);
#endif
}

struct CardSet {
  static constexpr int kWords = 3;
  static constexpr int kBits = 64 * kWords;
  uint64_t w[kWords] = {0, 0, 0};

  static CardSet single(int i) { CardSet s; s.set(i); return s; }
  // All instances with index < n (0 <= n <= kBits).
  static CardSet below(int n) {
    CardSet s;
    for (int k = 0; k < kWords; ++k) {
      int r = n - 64 * k;
      s.w[k] = r >= 64 ? ~0ull : r <= 0 ? 0ull : (1ull << r) - 1;
    }
    return s;
  }
  // All instances with index > i (-1 <= i < kBits).
  static CardSet above(int i) {
    CardSet s;
    for (int k = 0; k < kWords; ++k) {
      int r = i + 1 - 64 * k;
      s.w[k] = r >= 64 ? 0ull : r <= 0 ? ~0ull : ~((1ull << r) - 1);
    }
    return s;
  }

  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  void set(int i) { w[i >> 6] |= 1ull << (i & 63); }
  void reset(int i) { w[i >> 6] &= ~(1ull << (i & 63)); }
  void clear() { w[0] = w[1] = w[2] = 0; }

  bool empty() const { return (w[0] | w[1] | w[2]) == 0; }
  bool any() const { return !empty(); }
  int count() const { return popcount64(w[0]) + popcount64(w[1]) + popcount64(w[2]); }

  int first() const {  // -1 when empty
    for (int k = 0; k < kWords; ++k) if (w[k]) return 64 * k + lowest_bit(w[k]);
    return -1;
  }
  int last() const {  // -1 when empty
    for (int k = kWords - 1; k >= 0; --k) if (w[k]) return 64 * k + highest_bit(w[k]);
    return -1;
  }
  // The n-th set element in increasing order (0-based); -1 if there is none.
  int nth(int n) const {
    for (int k = 0; k < kWords; ++k) {
      int c = popcount64(w[k]);
      if (n < c) return 64 * k + select_bit(w[k], n);
      n -= c;
    }
    return -1;
  }
  // nth(n) for 0 <= n < count(), given the counts c0, c1 of the two lower words
  // (no branch on where the element lies: for uniformly random draws).
  int select(int n, int c0, int c1) const {
    int k1 = n >= c0;
    int k2 = n >= c0 + c1;
    n -= (k1 ? c0 : 0) + (k2 ? c1 : 0);
    int k = k1 + k2;
    return 64 * k + select_bit(w[k], n);
  }
  // Remove and return the lowest element; set must not be empty.
  int pop_first() { int i = first(); reset(i); return i; }

  CardSet operator|(const CardSet& o) const { CardSet r; for (int k = 0; k < kWords; ++k) r.w[k] = w[k] | o.w[k]; return r; }
  CardSet operator&(const CardSet& o) const { CardSet r; for (int k = 0; k < kWords; ++k) r.w[k] = w[k] & o.w[k]; return r; }
  CardSet operator^(const CardSet& o) const { CardSet r; for (int k = 0; k < kWords; ++k) r.w[k] = w[k] ^ o.w[k]; return r; }
  // Set difference: elements of this not in o.
  CardSet operator-(const CardSet& o) const { CardSet r; for (int k = 0; k < kWords; ++k) r.w[k] = w[k] & ~o.w[k]; return r; }
  CardSet& operator|=(const CardSet& o) { for (int k = 0; k < kWords; ++k) w[k] |= o.w[k]; return *this; }
  CardSet& operator&=(const CardSet& o) { for (int k = 0; k < kWords; ++k) w[k] &= o.w[k]; return *this; }
  CardSet& operator-=(const CardSet& o) { for (int k = 0; k < kWords; ++k) w[k] &= ~o.w[k]; return *this; }
  bool operator==(const CardSet& o) const { return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2]; }
  bool operator!=(const CardSet& o) const { return !(*this == o); }
  bool intersects(const CardSet& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1]) | (w[2] & o.w[2])) != 0; }

  // Every element moved up by one (i -> i + 1); the top element falls off.
  CardSet shifted_up() const {
    CardSet r;
    r.w[0] = w[0] << 1;
    r.w[1] = (w[1] << 1) | (w[0] >> 63);
    r.w[2] = (w[2] << 1) | (w[1] >> 63);
    return r;
  }

  // Drop the n highest elements (used for canonical "choose k in increasing order").
  CardSet without_top(int n) const {
    CardSet r = *this;
    for (int k = kWords - 1; k >= 0 && n > 0; --k) {
      while (n > 0 && r.w[k]) {
        r.w[k] &= ~(1ull << highest_bit(r.w[k]));
        --n;
      }
    }
    return r;
  }

  template <class F> void for_each(F f) const {
    for (int k = 0; k < kWords; ++k) {
      uint64_t x = w[k];
      while (x) { f(64 * k + lowest_bit(x)); x &= x - 1; }
    }
  }
};

}  // namespace gs
