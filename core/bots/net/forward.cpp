// The float forward pass (forward.h).
#include "bots/net/forward.h"

#include <algorithm>
#include <cmath>
#include <cstring>

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
  const Model& m = *model_;
  const InputSlot* slots = m.slots.data();
  int n = 0;
  for (int i = 0; i < m.observation_size; ++i) {
    const int v = obs[i];
    if (v == 0) continue;
    const InputSlot& sl = slots[i];
    const int b = std::min(std::max(v, 0) >> sl.shift, static_cast<int>(sl.cap));
    if (b > 0) rows[n++] = sl.row + b - 1;
  }
  return n;
}

void Evaluator::run(const int16_t* obs, Activations& a) const {
  const Model& m = *model_;
  const int32_t* rows = a.rows.data();
  const int n = a.n_rows = active_rows(obs, a.rows.data());

  const int h1 = m.h1, h2 = m.h2;
  float* x = a.h1.data();
  std::memcpy(x, m.b1.data(), sizeof(float) * static_cast<size_t>(h1));
  const float* w1 = m.w1.data();
  for (int k = 0; k < n; ++k) {
    const float* w = w1 + static_cast<size_t>(rows[k]) * h1;
    for (int j = 0; j < h1; ++j) x[j] += w[j];
  }
  float* y = a.h2.data();
  std::memcpy(y, m.b2.data(), sizeof(float) * static_cast<size_t>(h2));
  const float* w2 = m.w2.data();
  for (int i = 0; i < h1; ++i) {
    const float xi = x[i];
    if (!(xi > 0)) continue;  // ReLU: a zero unit adds nothing
    const float* w = w2 + static_cast<size_t>(i) * h2;
    for (int j = 0; j < h2; ++j) y[j] += xi * w[j];
  }
  for (int j = 0; j < h2; ++j) y[j] = std::max(y[j], 0.0f);
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
