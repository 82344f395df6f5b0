// CardSet: a fixed-size set over card instances, W 64-bit words (three, 192 bits,
// for every game; two, 128 bits, in the narrow build of the base-game engine:
// rftg/narrow.h). All zone bookkeeping in the engines is done with these: hands,
// tableaus, goods, the deck and the discard pile are disjoint CardSets.
#pragma once
#include <cstdint>

// Words of the CardSet the code of a translation unit works with (the sources in
// core/rftg/narrow/ build the RftG engine a second time with 2, for the base game).
#ifndef GS_CARD_WORDS
#define GS_CARD_WORDS 3
#endif
#if defined(__BMI__) || defined(__BMI2__)
#include <immintrin.h>
#endif

namespace gs {

inline int popcount64(uint64_t w) { return __builtin_popcountll(w); }
inline int lowest_bit(uint64_t w) { return __builtin_ctzll(w); }
inline int highest_bit(uint64_t w) { return 63 - __builtin_clzll(w); }

// The n-th (0-based) set bit of w alone; w must have more than n bits set.
inline uint64_t select_bit_mask(uint64_t w, int n) {
#if defined(__BMI2__)
  return _pdep_u64(1ull << n, w);
#else
  while (n-- > 0) w &= w - 1;
  return w & (0 - w);
#endif
}

// Index of the n-th (0-based) set bit of w; w must have more than n bits set.
inline int select_bit(uint64_t w, int n) {
#if defined(__BMI2__)
  return __builtin_ctzll(_pdep_u64(1ull << n, w));
#else
  while (n-- > 0) w &= w - 1;
  return __builtin_ctzll(w);
#endif
}

// The r lowest bits set, r clamped to [0, 64]; no branch.
inline uint64_t low_bits(int r) {
  r = r < 0 ? 0 : r;
#if defined(__BMI2__)
  return _bzhi_u64(~0ull, static_cast<unsigned>(r > 64 ? 64 : r));
#else
  return r >= 64 ? ~0ull : (1ull << r) - 1;
#endif
}

template <int W>
struct CardSetOf {
  static_assert(W == 2 || W == 3, "a CardSet has two or three words");
  using CardSet = CardSetOf;
  static constexpr int kWords = W;
  static constexpr int kBits = 64 * kWords;
  uint64_t w[kWords] = {};

  static CardSet single(int i) { CardSet s; s.set(i); return s; }
  // All instances with index < n (0 <= n <= kBits).
  static CardSet below(int n) {
    CardSet s;
    for (int k = 0; k < kWords; ++k) s.w[k] = low_bits(n - 64 * k);
    return s;
  }
  // All instances with index > i (-1 <= i < kBits).
  static CardSet above(int i) {
    CardSet s;
    for (int k = 0; k < kWords; ++k) s.w[k] = ~low_bits(i + 1 - 64 * k);
    return s;
  }

  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  // A two-word set writes both words (masks, no indexed store): a later whole-set load then
  // forwards from the stores instead of waiting for a partial one.
  void set(int i) {
    if constexpr (W == 2) {
      const uint64_t bit = 1ull << (i & 63), hi = 0 - static_cast<uint64_t>(i >> 6);
      w[0] |= bit & ~hi, w[1] |= bit & hi;
    } else {
      w[i >> 6] |= 1ull << (i & 63);
    }
  }
  void reset(int i) {
    if constexpr (W == 2) {
      const uint64_t bit = 1ull << (i & 63), hi = 0 - static_cast<uint64_t>(i >> 6);
      w[0] &= ~(bit & ~hi), w[1] &= ~(bit & hi);
    } else {
      w[i >> 6] &= ~(1ull << (i & 63));
    }
  }
  void clear() { for (int k = 0; k < kWords; ++k) w[k] = 0; }

  bool empty() const { return (w[0] | w[1] | top()) == 0; }
  bool any() const { return !empty(); }
  int count() const { return popcount64(w[0]) + popcount64(w[1]) + popcount64(top()); }
  // The third word, or an empty one in a two-word set (so that the code can be written once).
  uint64_t top() const {
    if constexpr (W == 3) return w[W - 1];
    else return 0;
  }

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
    int k2 = W == 3 && n >= c0 + c1;
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
  bool operator==(const CardSet& o) const { return w[0] == o.w[0] && w[1] == o.w[1] && top() == o.top(); }
  bool operator!=(const CardSet& o) const { return !(*this == o); }
  bool intersects(const CardSet& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1]) | (top() & o.top())) != 0; }

  // Every element moved up by one (i -> i + 1); the top element falls off.
  CardSet shifted_up() const {
    CardSet r;
    r.w[0] = w[0] << 1;
    r.w[1] = (w[1] << 1) | (w[0] >> 63);
    if constexpr (W == 3) r.w[2] = (w[2] << 1) | (w[1] >> 63);
    return r;
  }

  // Every element moved down by one (i -> i - 1); element 0 falls off.
  CardSet shifted_down() const {
    CardSet r;
    r.w[0] = (w[0] >> 1) | (w[1] << 63);
    r.w[1] = (w[1] >> 1) | (top() << 63);
    if constexpr (W == 3) r.w[2] = w[2] >> 1;
    return r;
  }

  // Drop the n highest elements (used for canonical "choose k in increasing order").
  CardSet without_top(int n) const {
    if (n <= 0) return *this;
    int c0 = popcount64(w[0]), c1 = popcount64(w[1]), keep = c0 + c1 + popcount64(top()) - n;
    if (keep <= 0) return CardSet();
    return *this & below(select(keep, c0, c1));  // select(keep): the lowest dropped element
  }

  // Calls f(i) for each element in increasing order. One loop over the elements
  // (the word is picked without branching), so a small set costs one loop exit.
  template <class F> void for_each(F f) const {
    uint64_t x0 = w[0], x1 = w[1], x2 = top();
    for (int n = count(); n > 0; --n) {
      int k = x0 ? 0 : (W == 2 || x1) ? 1 : 2;
      uint64_t& x = k == 0 ? x0 : k == 1 ? x1 : x2;
      int i = 64 * k + lowest_bit(x);
      x &= x - 1;
      f(i);
    }
  }
};

// A small signed number per element (an int8), stored as bit planes of its
// magnitude, positive and negative values apart, so that its sum over a set is a
// few AND + POPCNT per plane in use: no loop over the elements, no branch on them.
template <int W>
struct CardSumOf {
  using CardSet = CardSetOf<W>;
  CardSet pos[7], neg[8];
  uint8_t npos = 0, nneg = 0;  // planes in use

  void add(int element, int8_t value) {
    unsigned m = static_cast<unsigned>(value < 0 ? -value : value);
    CardSet* planes = value < 0 ? neg : pos;
    uint8_t& used = value < 0 ? nneg : npos;
    for (int b = 0; m >> b; ++b) {
      if ((m >> b) & 1) planes[b].set(element);
      if (b + 1 > used) used = static_cast<uint8_t>(b + 1);
    }
  }
  int sum(const CardSet& s) const {
    int t = 0;
    for (int b = 0; b < npos; ++b) t += (s & pos[b]).count() << b;
    for (int b = 0; b < nneg; ++b) t -= (s & neg[b]).count() << b;
    return t;
  }
};

// Writes the elements of `set` in increasing order to out and returns their count.
// out needs room for count + 3 entries: elements are written four at a time, so the
// loop runs once per four elements instead of branching on every bit.
template <int W>
inline int emit_elements(const CardSetOf<W>& set, int* out) {
  int n = 0;
  for (int k = 0; k < W; ++k) {
    uint64_t x = set.w[k];
    int c = popcount64(x);
    int* o = out + n;
    const int base = 64 * k;
#if defined(__BMI__)
    for (int j = 0; j < c; j += 4) {  // tzcnt(0) = 64: the surplus entries are junk past the count
      o[j] = base + static_cast<int>(_tzcnt_u64(x)); x = _blsr_u64(x);
      o[j + 1] = base + static_cast<int>(_tzcnt_u64(x)); x = _blsr_u64(x);
      o[j + 2] = base + static_cast<int>(_tzcnt_u64(x)); x = _blsr_u64(x);
      o[j + 3] = base + static_cast<int>(_tzcnt_u64(x)); x = _blsr_u64(x);
    }
#else
    for (int j = 0; j < c; ++j) { o[j] = base + lowest_bit(x); x &= x - 1; }
#endif
    n += c;
  }
  return n;
}

using CardSet = CardSetOf<GS_CARD_WORDS>;
using CardSum = CardSumOf<GS_CARD_WORDS>;

}  // namespace gs
