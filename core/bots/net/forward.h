// The forward pass of a model (model.h) on one observation, in float32:
//   rows = the input rows the observation's non-zero slots switch on (active_rows);
//   h1 = ReLU(b1 + sum of W1's rows);  h2 = ReLU(b2 + h1 . W2);
//   value: softmax over the seats present of (bv + Wv . h2);  action logit: ba[r] + Wa[r] . h2.
// The first layer costs one row addition per active input (an RftG observation has
// 35-60 non-zero slots out of ~1,000), not a dense product. Every result depends only
// on the model and the observation: the same on every thread and in every run.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "bots/net/model.h"

namespace gs::bots::net {

// Work space of one evaluation (one per bot: evaluations are not shared across threads).
struct Activations {
  std::vector<int32_t> rows;
  std::vector<float> h1, h2;
  int n_rows = 0;  // -1 after run_delta
};

class Evaluator {
 public:
  explicit Evaluator(std::shared_ptr<const Model> model);

  const Model& model() const { return *model_; }
  const std::shared_ptr<const Model>& shared() const { return model_; }

  // The input rows of an observation (model().observation_size values) into a.rows / a.n_rows,
  // then h1 and h2.
  void run(const int16_t* observation, Activations& a) const;

  // Only the input rows of an observation (at most observation_size of them); returns how many.
  int active_rows(const int16_t* observation, int32_t* rows) const;

  // run() for an observation close to one already run (base_obs, whose activations are base):
  // h1 is base's, corrected for the slots that differ (the incremental first layer of
  // efficiently updatable networks). The same values as run() up to float rounding; a.rows
  // is not filled.
  void run_delta(const int16_t* base_obs, const Activations& base, const int16_t* observation,
                 Activations& a) const;

  // Win probability of each seat block 0 .. players-1 (block k: the seat k places after the
  // observer), from a's h2. out: `players` values summing to 1.
  void win_probabilities(const Activations& a, int players, float* out) const;

  // The action head's logit for an action class (the model's unseen_logit for a class it has no row for).
  float action_logit(const Activations& a, int action_class) const;

  Activations make_activations() const;

 private:
  void second_layer(Activations& a) const;  // h2 from h1
  std::shared_ptr<const Model> model_;
};

}  // namespace gs::bots::net
