// A model bound to one game: it encodes the game's positions (the observation tensor,
// rftg/observation_tensor.h or af/observation_tensor.h), runs the forward pass
// (forward.h) and scores legal actions the two ways a `net` bot can choose (docs/net.md):
//   policy: the action head's logit for each legal action's class (one forward pass);
//   value:  for each legal action, the value head's win probability for the deciding seat
//           in the position after it (one step and one forward pass per action), on a
//           determinization of the position (determinize(s, seat, ...)), so hidden cards,
//           future draws and other seats' secret choices are never read.
// Written once for every game; a game plugs in with traits T (rftg_net.h, af_net.h):
//   Game, State, Encoder, Classes (action classes; int space(), int of(s, action)), Heuristic
//   (the game's heuristic bot, for self-play's warm-up), kGame ("rftg"), expansion(g),
//   configuration(g) (for messages), shipped_names(g) (model_store.h), and
//   secret_afterstate(g, s, action, out): for a secret simultaneous choice, the position with the
//   choice made and nothing revealed (value choices judge that position; false otherwise).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/net/forward.h"
#include "bots/net/model.h"
#include "common/rng.h"

namespace gs::bots::net {

template <class T>
class NetPlayer {
 public:
  using Game = typename T::Game;
  using State = typename T::State;

  // Checks that the model plays this game (throws ModelError naming the file).
  NetPlayer(std::shared_ptr<const Model> model, const Game& g)
      : eval_(std::move(model)), enc_(g), classes_(g), act_(eval_.make_activations()), base_(act_) {
    const Model& m = eval_.model();
    const std::string where = "model " + m.path + ": ";
    if (m.game != T::kGame) throw ModelError(where + "made for " + m.game + ", not " + T::kGame);
    if (m.expansion != T::expansion(g))
      throw ModelError(where + "made for the " + m.expansion + " game, not " + T::configuration(g));
    std::string layout = layout_fingerprint(T::Encoder::kVersion, enc_.slot_names());
    if (m.observation_size != enc_.size() || m.layout != layout)
      throw ModelError(where + "made for another observation layout (" + std::to_string(m.observation_size) +
                       " slots, " + m.layout + "; this galaxysim: " + std::to_string(enc_.size()) + " slots, " +
                       layout + "): observation_tensor changed since it was trained; train it again");
    if (!m.plays(g.players())) {
      std::string counts;
      for (int p : m.players) counts += (counts.empty() ? "" : ", ") + std::to_string(p);
      throw ModelError(where + "trained for " + counts + " players, not " + std::to_string(g.players()));
    }
    if (m.has_action_head() && (m.action_encoding != T::Classes::kEncoding || m.action_space != classes_.space()))
      throw ModelError(where + "made for another action encoding (" + m.action_encoding + ", " +
                       std::to_string(m.action_space) + " classes; this galaxysim: " + T::Classes::kEncoding + ", " +
                       std::to_string(classes_.space()) + ")");
    obs_.resize(static_cast<size_t>(enc_.size()));
    base_obs_.resize(static_cast<size_t>(enc_.size()));
  }

  const Model& model() const { return eval_.model(); }
  const typename T::Encoder& encoder() const { return enc_; }
  const typename T::Classes& classes() const { return classes_; }

  // The forward pass on `seat`'s view of s; its activations until the next call.
  const Activations& run(const State& s, int seat) {
    enc_.encode(s, seat, obs_.data());
    eval_.run(obs_.data(), act_);
    return act_;
  }
  const int16_t* last_observation() const { return obs_.data(); }

  // Only the input rows of `seat`'s view of s (no forward pass); returns how many. rows: observation_size entries.
  int rows(const State& s, int seat, int32_t* rows) {
    enc_.encode(s, seat, obs_.data());
    return eval_.active_rows(obs_.data(), rows);
  }

  // Win probability of every seat (by seat number) as `seat` judges s. Terminal: the result
  // (1/k to each of k winners).
  void win_probabilities(const Game& g, const State& s, int seat, float* out) {
    const int players = g.players();
    if (g.is_terminal(s)) {
      int w[8], k = g.winners(s, w);
      std::fill(out, out + players, 0.0f);
      for (int i = 0; i < k; ++i) out[w[i]] = 1.0f / static_cast<float>(k);
      return;
    }
    float rel[8];
    run(s, seat);
    eval_.win_probabilities(act_, players, rel);
    for (int k = 0; k < players; ++k) out[(seat + k) % players] = rel[k];
  }

  // The action head's logits of the legal actions (the model must have one).
  void policy_scores(const Game& g, const State& s, const int* legal, int n, float* out) {
    run(s, g.current_player(s));
    for (int i = 0; i < n; ++i) out[i] = eval_.action_logit(act_, classes_.of(s, legal[i]));
  }

  // The deciding seat's win probability after each legal action, averaged over `dets`
  // determinizations seeded from rng. Each position after an action is evaluated from the
  // decision's own position by the slots that differ (Evaluator::run_delta).
  void value_scores(const Game& g, const State& s, const int* legal, int n, int dets, Rng& rng, float* out) {
    const int me = g.current_player(s);
    const int players = g.players();
    std::fill(out, out + n, 0.0f);
    int scratch[Game::kMaxLegal];
    float rel[8];
    enc_.encode(s, me, base_obs_.data());  // the seat's view: the same in every determinization
    eval_.run(base_obs_.data(), base_);
    if (T::secret_afterstate(g, s, legal[0], secret_)) {  // a secret choice: nothing hidden is dealt
      for (int i = 0; i < n; ++i) {
        T::secret_afterstate(g, s, legal[i], secret_);
        enc_.encode(secret_, me, obs_.data());
        eval_.run_delta(base_obs_.data(), base_, obs_.data(), act_);
        eval_.win_probabilities(act_, players, rel);
        out[i] = rel[0];
      }
      return;
    }
    for (int d = 0; d < dets; ++d) {
      const State det = g.determinize(s, me, rng.next());
      for (int i = 0; i < n; ++i) {
        State c = det;
        g.step(c, legal[i], scratch);
        if (g.is_terminal(c)) {
          int w[8], k = g.winners(c, w);
          for (int j = 0; j < k; ++j)
            if (w[j] == me) out[i] += 1.0f / static_cast<float>(k);
          continue;
        }
        enc_.encode(c, me, obs_.data());
        eval_.run_delta(base_obs_.data(), base_, obs_.data(), act_);
        eval_.win_probabilities(act_, players, rel);
        out[i] += rel[0];
      }
    }
    if (dets > 1)
      for (int i = 0; i < n; ++i) out[i] /= static_cast<float>(dets);
  }

 private:
  Evaluator eval_;
  typename T::Encoder enc_;
  typename T::Classes classes_;
  Activations act_, base_;
  State secret_;
  std::vector<int16_t> obs_, base_obs_;
};

// The index of the best score (the first of equal ones), or with temperature > 0 one drawn
// from softmax(score / temperature) (value scores are win probabilities: their log-odds are used).
inline int pick(const float* score, int n, double temperature, bool probabilities, Rng& rng) {
  if (temperature <= 0) {
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (score[i] > score[best]) best = i;
    return best;
  }
  double w[512], top = -1e300, sum = 0;
  for (int i = 0; i < n; ++i) {
    double x = score[i];
    if (probabilities) {
      x = std::min(std::max(x, 1e-6), 1 - 1e-6);
      x = std::log(x / (1 - x));
    }
    w[i] = x / temperature;
    top = std::max(top, w[i]);
  }
  for (int i = 0; i < n; ++i) sum += (w[i] = std::exp(w[i] - top));
  double r = static_cast<double>(rng.next() >> 11) * (1.0 / 9007199254740992.0) * sum;
  for (int i = 0; i < n; ++i)
    if ((r -= w[i]) < 0) return i;
  return n - 1;
}

}  // namespace gs::bots::net
