// The float forward pass (forward.h).
#include "bots/net/forward.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace gs::bots::net {

namespace {

// Dot product with eight independent partial sums (vectorizes without reassociating a single sum).
float dot(const float* a, const float* b, int n) {
  float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int k = 0; k < 8; ++k) acc[k] += a[i + k] * b[i + k];
  float s = ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
  for (; i < n; ++i) s += a[i] * b[i];
  return s;
}

// The input row a slot's value switches on, or -1.
inline int row_of(const InputSlot& sl, int v) {
  const int b = std::min(std::max(v, 0) >> sl.shift, static_cast<int>(sl.cap));
  return b > 0 ? sl.row + b - 1 : -1;
}

// Calls f(i) for every i < n with a[i] != b[i] (b null: a[i] != 0), in increasing order. The
// observation is mostly zeros and two positions a step apart differ in few slots: 16 slots are
// compared at once.
template <class F>
inline void for_each_difference(const int16_t* a, const int16_t* b, int n, F f) {
  int i = 0;
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256();
  for (; i + 16 <= n; i += 16) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i y = b ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i)) : zero;
    // two mask bits per int16 lane; keep one
    uint32_t diff = ~static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi16(x, y))) & 0x55555555u;
    while (diff) {
      f(i + (__builtin_ctz(diff) >> 1));
      diff &= diff - 1;
    }
  }
#endif
  for (; i < n; ++i)
    if (a[i] != (b ? b[i] : 0)) f(i);
}

// x = b1 + the sum of W1's rows: h1 in tiles of 64 floats held in eight registers while every row
// is added (the weights are read once, the sums never leave the registers).
void sum_rows(const float* b1, const float* w1, int h1, const int32_t* rows, int n, float* x) {
  int t = 0;
#if defined(__AVX2__)
  for (; t + 64 <= h1; t += 64) {
    __m256 acc[8];
    for (int k = 0; k < 8; ++k) acc[k] = _mm256_loadu_ps(b1 + t + 8 * k);
    for (int r = 0; r < n; ++r) {
      const float* w = w1 + static_cast<size_t>(rows[r]) * h1 + t;
      for (int k = 0; k < 8; ++k) acc[k] = _mm256_add_ps(acc[k], _mm256_loadu_ps(w + 8 * k));
    }
    for (int k = 0; k < 8; ++k) _mm256_storeu_ps(x + t + 8 * k, acc[k]);
  }
#endif
  for (int j = t; j < h1; ++j) x[j] = b1[j];
  for (int r = 0; r < n && t < h1; ++r) {
    const float* __restrict w = w1 + static_cast<size_t>(rows[r]) * h1;
    for (int j = t; j < h1; ++j) x[j] += w[j];
  }
}

}  // namespace

Evaluator::Evaluator(std::shared_ptr<const Model> model) : model_(std::move(model)) {}

Activations Evaluator::make_activations() const {
  Activations a;
  a.rows.resize(static_cast<size_t>(model_->observation_size));
  a.h1.resize(static_cast<size_t>(model_->h1));
  a.h2.resize(static_cast<size_t>(model_->h2));
  return a;
}

int Evaluator::active_rows(const int16_t* obs, int32_t* rows) const {
  const InputSlot* slots = model_->slots.data();
  int n = 0;
  for_each_difference(obs, nullptr, model_->observation_size, [&](int i) {
    const int r = row_of(slots[i], obs[i]);
    if (r >= 0) rows[n++] = r;
  });
  return n;
}

void Evaluator::run(const int16_t* obs, Activations& a) const {
  const Model& m = *model_;
  a.n_rows = active_rows(obs, a.rows.data());
  sum_rows(m.b1.data(), m.w1.data(), m.h1, a.rows.data(), a.n_rows, a.h1.data());
  second_layer(a);
}

void Evaluator::run_delta(const int16_t* base_obs, const Activations& base, const int16_t* obs,
                          Activations& a) const {
  const Model& m = *model_;
  const int h1 = m.h1;
  float* __restrict x = a.h1.data();
  std::memcpy(x, base.h1.data(), sizeof(float) * static_cast<size_t>(h1));
  const float* w1 = m.w1.data();
  const InputSlot* slots = m.slots.data();
  a.n_rows = -1;  // the row list is not kept
  for_each_difference(obs, base_obs, m.observation_size, [&](int i) {
    const int was = row_of(slots[i], base_obs[i]), now = row_of(slots[i], obs[i]);
    if (was == now) return;
    if (was >= 0) {
      const float* __restrict w = w1 + static_cast<size_t>(was) * h1;
      for (int j = 0; j < h1; ++j) x[j] -= w[j];
    }
    if (now >= 0) {
      const float* __restrict w = w1 + static_cast<size_t>(now) * h1;
      for (int j = 0; j < h1; ++j) x[j] += w[j];
    }
  });
  second_layer(a);
}

namespace {

constexpr int kMaxH1 = 4096;  // model.cpp refuses a wider first layer

// y = ReLU(b2 + ReLU(x) . W2) with every output's sum held in registers while the rows of W2 are
// added in order of i (so each output adds its terms in the same order as a plain loop would: the
// same floats), skipping the units ReLU zeroes (about half). H2: the width, known when compiled.
template <int H2>
void second_layer_fixed(const float* __restrict x, int h1, const float* __restrict w2, const float* __restrict b2,
                        float* __restrict y) {
  int on[kMaxH1], n = 0;
  for (int i = 0; i < h1; ++i) {  // the units ReLU lets through, listed without a branch
    on[n] = i;
    n += x[i] > 0.0f;
  }
#if defined(__AVX2__) && defined(__FMA__)
  constexpr int R = H2 / 8;  // registers of eight sums
  __m256 acc[R];
  for (int r = 0; r < R; ++r) acc[r] = _mm256_loadu_ps(b2 + 8 * r);
  for (int t = 0; t < n; ++t) {
    const __m256 xi = _mm256_set1_ps(x[on[t]]);
    const float* w = w2 + static_cast<size_t>(on[t]) * H2;
    for (int r = 0; r < R; ++r) acc[r] = _mm256_fmadd_ps(xi, _mm256_loadu_ps(w + 8 * r), acc[r]);
  }
  const __m256 zero = _mm256_setzero_ps();
  for (int r = 0; r < R; ++r) _mm256_storeu_ps(y + 8 * r, _mm256_max_ps(acc[r], zero));
#else
  float acc[H2];
  for (int k = 0; k < H2; ++k) acc[k] = b2[k];
  for (int t = 0; t < n; ++t) {
    const float xi = x[on[t]];
    const float* w = w2 + static_cast<size_t>(on[t]) * H2;
    for (int k = 0; k < H2; ++k) acc[k] += xi * w[k];
  }
  for (int k = 0; k < H2; ++k) y[k] = std::max(acc[k], 0.0f);
#endif
}

void second_layer_any(const float* x, int h1, int h2, const float* w2, const float* b2, float* y) {
  for (int j = 0; j < h2; ++j) y[j] = b2[j];
  for (int i = 0; i < h1; ++i) {
    if (!(x[i] > 0.0f)) continue;
    const float* w = w2 + static_cast<size_t>(i) * h2;
    for (int j = 0; j < h2; ++j) y[j] += x[i] * w[j];
  }
  for (int j = 0; j < h2; ++j) y[j] = std::max(y[j], 0.0f);
}

}  // namespace

void Evaluator::second_layer(Activations& a) const {
  const Model& m = *model_;
  const float *x = a.h1.data(), *w2 = m.w2.data(), *b2 = m.b2.data();
  float* y = a.h2.data();
  switch (m.h2) {
    case 16: second_layer_fixed<16>(x, m.h1, w2, b2, y); break;
    case 32: second_layer_fixed<32>(x, m.h1, w2, b2, y); break;
    case 64: second_layer_fixed<64>(x, m.h1, w2, b2, y); break;
    default: second_layer_any(x, m.h1, m.h2, w2, b2, y);
  }
}

void Evaluator::win_probabilities(const Activations& a, int players, float* out) const {
  const Model& m = *model_;
  const int n = std::min(players, m.seats);
  float top = -INFINITY;
  for (int k = 0; k < n; ++k) {
    out[k] = m.bv[k] + dot(m.wv.data() + static_cast<size_t>(k) * m.h2, a.h2.data(), m.h2);
    top = std::max(top, out[k]);
  }
  float sum = 0;
  for (int k = 0; k < n; ++k) sum += (out[k] = std::exp(out[k] - top));
  for (int k = 0; k < n; ++k) out[k] /= sum;
  for (int k = n; k < players; ++k) out[k] = 0;
}

float Evaluator::action_logit(const Activations& a, int cls) const {
  const Model& m = *model_;
  const int r = cls >= 0 && cls < m.action_space ? m.row_of_class[static_cast<size_t>(cls)] : -1;
  if (r < 0) return m.unseen_logit;
  return m.ba[static_cast<size_t>(r)] + dot(m.wa.data() + static_cast<size_t>(r) * m.h2, a.h2.data(), m.h2);
}

}  // namespace gs::bots::net
