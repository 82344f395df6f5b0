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
//   configuration(g) (for messages), shipped_names(g) (model_store.h),
//   redraw_secret_choices(g, s, det, me, choose): other seats' secret choices made earlier in the
//   current step, dealt at random by determinize, made again by `choose` from their own view; and
//   rollout_end(g, from, now, seat): whether a look-ahead begun at `from` by `seat` has gone far
//   enough at `now` (rollout_scores).
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

// The score value_scores gives an action it did not judge (top=K): below every win probability.
constexpr float kNotJudged = -1.0f;

// The index of the best score (the first of equal ones), or with temperature > 0 one drawn
// from softmax(score / temperature) (value scores are win probabilities: their log-odds are used;
// an action not judged, kNotJudged, is never drawn).
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
      if (x < 0) {  // not judged
        w[i] = -1e300;
        continue;
      }
      x = std::min(std::max(x, 1e-6), 1 - 1e-6);
      x = std::log(x / (1 - x));
    }
    w[i] = x / temperature;
    top = std::max(top, w[i]);
  }
  for (int i = 0; i < n; ++i) sum += (w[i] = w[i] <= -1e300 ? 0.0 : std::exp(w[i] - top));
  double r = static_cast<double>(rng.next() >> 11) * (1.0 / 9007199254740992.0) * sum;
  for (int i = 0; i < n; ++i)
    if ((r -= w[i]) < 0) return i;
  return n - 1;
}

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
  // determinizations seeded from rng. Other seats' secret choices made earlier in the step are
  // made again by the action head, if the model has one (see rollout_scores). Each position after
  // an action is evaluated from the decision's own position by the slots that differ
  // (Evaluator::run_delta). An action whose position after it the seat sees the same in every
  // determinization (T::may_stay_hidden, T::same_in_every_determinization) is judged once, on s
  // itself: the same value, without dealing a determinization (rng advances as if it had been dealt).
  // top > 0 (and a model with an action head): only the `top` legal actions the action head likes
  // best, read from the decision's own forward pass, are judged; the others score kNotJudged.
  void value_scores(const Game& g, const State& s, const int* legal, int n, int dets, Rng& rng, float* out,
                    int top = 0) {
    const int me = g.current_player(s);
    std::fill(out, out + n, 0.0f);
    enc_.encode(s, me, base_obs_.data());  // the seat's view: the same in every determinization
    eval_.run(base_obs_.data(), base_);
    bool judged[Game::kMaxLegal];
    shortlist(s, legal, n, top, judged);
    bool dealt[Game::kMaxLegal];
    int hidden = 0;
    const bool look = T::may_stay_hidden(s);
    for (int i = 0; i < n; ++i) {
      if (!judged[i]) {
        out[i] = kNotJudged;
        dealt[i] = false;
        continue;
      }
      if (!look) {
        dealt[i] = true, ++hidden;
        continue;
      }
      State c = s;
      g.step(c, legal[i], scratch_);
      dealt[i] = !T::same_in_every_determinization(s, c);
      if (dealt[i]) ++hidden;
      else out[i] = value_after(g, c, me);
    }
    for (int d = 0; d < dets; ++d) {
      const uint64_t seed = rng.next();
      if (hidden == 0) continue;
      State det = g.determinize(s, me, seed);
      redraw(g, s, det, me, rng);
      for (int i = 0; i < n; ++i) {
        if (!dealt[i]) continue;
        State c = det;
        g.step(c, legal[i], scratch_);
        out[i] += value_after(g, c, me);
      }
    }
    if (dets > 1)
      for (int i = 0; i < n; ++i)
        if (dealt[i]) out[i] /= static_cast<float>(dets);
  }

  // value_scores with a short look-ahead: after each legal action the game goes on, every seat
  // playing the action head's best action (on the determinization), until T::rollout_end says
  // the stretch is over (RftG: the round ends; AF: the seat's turn ends) or `max_steps`
  // decisions were taken; the deciding seat's win probability is judged there. Other seats'
  // secret choices made earlier in the step are made again by the action head from their own
  // view of the determinization (T::redraw_secret_choices): the look-ahead's opponent model.
  // The model needs an action head (else this is value_scores).
  void rollout_scores(const Game& g, const State& s, const int* legal, int n, int dets, int max_steps, Rng& rng,
                      float* out) {
    if (!model().has_action_head()) {
      value_scores(g, s, legal, n, dets, rng, out);
      return;
    }
    const int me = g.current_player(s);
    std::fill(out, out + n, 0.0f);
    int next[Game::kMaxLegal];
    float p[8];
    for (int d = 0; d < dets; ++d) {
      State det = g.determinize(s, me, rng.next());
      redraw(g, s, det, me, rng);
      for (int i = 0; i < n; ++i) {
        State c = det;
        int m = g.step(c, legal[i], next);
        for (int k = 0; m > 0 && k < max_steps && !T::rollout_end(g, s, c, me); ++k) {
          m = g.step(c, m > 1 ? best_action(g, c, next, m) : next[0], next);
        }
        win_probabilities(g, c, me, p);
        out[i] += p[me];
      }
    }
    if (dets > 1)
      for (int i = 0; i < n; ++i) out[i] /= static_cast<float>(dets);
  }

  // The action head's best legal action (the first of equal ones).
  int best_action(const Game& g, const State& s, const int* legal, int n) {
    policy_scores(g, s, legal, n, logits_);
    int b = 0;
    for (int i = 1; i < n; ++i)
      if (logits_[i] > logits_[b]) b = i;
    return legal[b];
  }

 private:
  // judged[i]: whether legal[i] is among the `top` best by the action head's logits on base_ (the
  // first of equal ones; every action when top is 0, n <= top or the model has no action head).
  void shortlist(const State& s, const int* legal, int n, int top, bool* judged) {
    std::fill(judged, judged + n, true);
    if (top <= 0 || n <= top || !model().has_action_head()) return;
    float logit[Game::kMaxLegal];
    for (int i = 0; i < n; ++i) logit[i] = eval_.action_logit(base_, classes_.of(s, legal[i]));
    for (int i = 0; i < n; ++i) {
      int better = 0;  // actions ranked before i: a higher logit, or an equal one earlier in legal order
      for (int j = 0; j < n && better < top; ++j)
        better += logit[j] > logit[i] || (logit[j] == logit[i] && j < i);
      judged[i] = better < top;
    }
  }

  // `me`'s win probability in c, a position one step after the one value_scores last ran into base_.
  float value_after(const Game& g, const State& c, int me) {
    if (g.is_terminal(c)) {
      int w[8], k = g.winners(c, w);
      for (int j = 0; j < k; ++j)
        if (w[j] == me) return 1.0f / static_cast<float>(k);
      return 0.0f;
    }
    float rel[8];
    enc_.encode(c, me, obs_.data());
    eval_.run_delta(base_obs_.data(), base_, obs_.data(), act_);
    eval_.win_probabilities(act_, g.players(), rel);
    return rel[0];
  }

  // Other seats' secret choices of the current step in a determinization, made again by the action
  // head from each seat's own view (T::redraw_secret_choices); left as dealt without an action head.
  void redraw(const Game& g, const State& s, State& det, int me, Rng&) {
    if (!model().has_action_head()) return;
    T::redraw_secret_choices(g, s, det, me,
                             [&](const State& t, const int* l, int m) { return best_action(g, t, l, m); });
  }

  Evaluator eval_;
  typename T::Encoder enc_;
  typename T::Classes classes_;
  Activations act_, base_;
  float logits_[Game::kMaxLegal];
  int scratch_[Game::kMaxLegal];
  std::vector<int16_t> obs_, base_obs_;
};

}  // namespace gs::bots::net
