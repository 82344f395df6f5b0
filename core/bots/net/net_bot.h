// The `net` bot (docs/net.md): a model (model.h) playing one seat. The model is the one the
// spec names (net:model=PATH) or the shipped one for the game (model_store.h); it is found,
// read and checked against the game the first time the bot meets that game (bind), so one
// bot may serve games of several configurations. A choice depends only on the model, the
// options, the position as the seat sees it and, for value choices or a temperature, the
// caller's rng: the same on every thread and in every run. With search=N (net_options.h) the
// game's search decisions (RftG: the action cards, T::value_decision) are chosen by ISMCTS
// (T::Search, the ismcts bot with N iterations), seeded from the same rng.
#pragma once
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/ismcts.h"
#include "bots/net/model_store.h"
#include "bots/net/net_options.h"
#include "bots/net/net_player.h"
#include "bots/net/net_traits.h"
#include "bots/net/search_leaves.h"

namespace gs::bots::net {

template <class T>
class NetBot {
 public:
  using Game = typename T::Game;
  using State = typename T::State;

  explicit NetBot(NetOptions options) : opt_(std::move(options)) {
    if (opt_.search == 0 && opt_.leaf != Leaf::Default && opt_.leaf != Leaf::Rollout)
      throw std::invalid_argument(no_search_for(leaf_judges(opt_.leaf)));
    if (opt_.search == 0 && opt_.puct > 0) throw std::invalid_argument(no_search_for(kPuctChooses));
  }

  // The leaf value or playout policy of search=N,leaf=net|policy holds `this`: a NetBot stays where it was made.
  NetBot(const NetBot&) = delete;
  NetBot& operator=(const NetBot&) = delete;

  // The bound player for g: found, read and checked on first use (throws ModelError).
  NetPlayer<T>& bind(const Game& g) {
    if (player_ && game_ == &g && players_ == g.players() && instances_ == g.num_instances()) return *player_;
    auto model = opt_.model.empty() ? shipped_model(T::shipped_names(g), T::configuration(g)) : load_model(opt_.model);
    auto player = std::make_unique<NetPlayer<T>>(model, g);
    Choose c = opt_.choose;
    if (c == Choose::Default)
      c = model->default_choose == "value" ? Choose::Value : model->default_choose == "hybrid" ? Choose::Hybrid : Choose::Policy;
    if (c != Choose::Value && !model->has_action_head())
      throw ModelError("model " + model->path + ": has no action head, so it cannot choose=" +
                       (c == Choose::Policy ? "policy" : "hybrid") + " (use choose=value)");
    // the search: the spec's search=N and leaf=..., else the model's own
    const int search = opt_.search >= 0 ? opt_.search : model->default_search;
    Leaf leaf = opt_.leaf;
    if (leaf == Leaf::Default)  // the model's leaf goes with a search; search=0 plays without one
      leaf = search == 0                    ? Leaf::Rollout
             : model->default_leaf == "net"    ? Leaf::Net
             : model->default_leaf == "policy" ? Leaf::Policy
                                               : Leaf::Rollout;
    if (search == 0 && leaf != Leaf::Rollout)
      throw ModelError(no_search_for(leaf_judges(leaf)) + " (model " + model->path + " does not search by default)");
    if (search == 0 && opt_.puct > 0)
      throw ModelError(no_search_for(kPuctChooses) + " (model " + model->path + " does not search by default)");
    if (leaf == Leaf::Policy && !model->has_action_head())
      throw ModelError("model " + model->path + ": has no action head, so it cannot play the search's playouts with " +
                       "leaf=policy (use leaf=rollout or leaf=net)");
    if (opt_.top > 0 && !model->has_action_head())
      throw ModelError("model " + model->path + ": has no action head, so it cannot shortlist actions with top=" +
                       std::to_string(opt_.top) + " (leave top out)");
    const double puct = search == 0 ? 0 : opt_.puct >= 0 ? opt_.puct : model->default_puct;
    if (puct > 0 && !model->has_action_head())
      throw ModelError("model " + model->path + ": has no action head, so it cannot be the search's prior with puct=" +
                       std::to_string(puct) + " (leave puct out)");
    choose_ = c;
    temperature_ = opt_.temperature >= 0 ? opt_.temperature : model->default_temperature;
    // the action cards: the spec's card_temperature, else the spec's temperature, else the model's own
    if (opt_.card_temperature >= 0) card_temperature_ = opt_.card_temperature;
    else if (opt_.temperature < 0 && model->default_card_temperature >= 0) card_temperature_ = model->default_card_temperature;
    else card_temperature_ = temperature_;
    // a stall: the spec's stall_temperature, else (when the spec gives no temperature) the model's, else as any card
    if (opt_.stall_temperature >= 0) stall_temperature_ = opt_.stall_temperature;
    else if (opt_.temperature < 0 && opt_.card_temperature < 0 && model->default_stall_temperature >= 0)
      stall_temperature_ = model->default_stall_temperature;
    else stall_temperature_ = card_temperature_;
    search_.reset();
    if (search > 0) {
      IsmctsOptions o;
      o.iterations = search;
      search_ = std::make_unique<typename T::Search>(o);
      root_.scale = leaf == Leaf::Net ? opt_.leaf_scale : 0;
      judge_leaves_by<T>(*search_, leaf, [this]() -> NetPlayer<T>& { return *player_; }, &root_);
      prior_by_policy<T>(*search_, puct, [this]() -> NetPlayer<T>& { return *player_; });
    }
    player_ = std::move(player);
    game_ = &g;
    players_ = g.players();
    instances_ = g.num_instances();
    return *player_;
  }

  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    if (n == 1) return legal[0];
    NetPlayer<T>& p = bind(g);
    // A seat in a stall leaves the search for its stall temperature: the search's playouts, played by the same
    // greedy action head, stall as the game does, so every card looks alike to it and it repeats the loop.
    if (searches(s) && !(T::value_decision(s) && in_stall(g, s))) return search(p, g, s, legal, n, rng);
    scores_.resize(static_cast<size_t>(n));
    score(p, g, s, legal, n, rng, scores_.data());
    const double t = !T::value_decision(s) ? temperature_ : in_stall(g, s) ? stall_temperature_ : card_temperature_;
    return legal[pick(scores_.data(), n, t, by_value(s), rng)];
  }

  // The scores act() compares (policy logits or win probabilities; with search, the search's
  // visits of each legal action), for research use.
  std::vector<float> scores(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    NetPlayer<T>& p = bind(g);
    std::vector<float> out(static_cast<size_t>(n));
    if (n > 1 && searches(s)) {
      search(p, g, s, legal, n, rng);
      for (const auto& e : search_->root_edges(g.current_player(s)))
        for (int i = 0; i < n; ++i)
          if (legal[i] == e.action) out[static_cast<size_t>(i)] = static_cast<float>(e.visits);
      return out;
    }
    score(p, g, s, legal, n, rng, out.data());
    return out;
  }

  const NetOptions& options() const { return opt_; }
  Choose choose() const { return choose_; }                 // after bind
  const Model* model() const { return player_ ? &player_->model() : nullptr; }
  // Whether act() searches this decision (search=N and one of the game's search decisions).
  bool searches(const State& s) const { return search_ && T::search_decision(s); }
  NetPlayer<T>* player() { return player_.get(); }

 private:
  // The search's choice (search=N), its leaves judged against this root.
  int search(NetPlayer<T>& p, const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    root_.set<T>(p, g, s, g.current_player(s));
    return search_->act(g, s, legal, n, rng);
  }

  // "net: <what> of a search: give search=N too": an option that needs a search, given without one.
  static std::string no_search_for(const std::string& what) { return "net: " + what + " of a search: give search=N too"; }
  static std::string leaf_judges(Leaf leaf) {
    return std::string("leaf=") + (leaf == Leaf::Net ? "net" : "policy") + " judges the leaves";
  }
  static constexpr const char* kPuctChooses = "puct=C chooses in the tree";

  // Whether the deciding seat meets its action cards in a stall: the game's progress (T::progress: RftG's
  // tableaus, goods and VP) is as it was at its action cards kStallRounds rounds before, and in every round
  // between (at a round's second card, the first's answer). One round without progress is common in good
  // play (both seats explore); a loop lasts many. Without a temperature of its own for a stall nothing is
  // remembered. The first action cards of a game are in round 1, and a game lasts more than one round, so
  // the memory of the game before never answers for a new one: the choice depends only on this game.
  bool in_stall(const Game& g, const State& s) {
    if (stall_temperature_ == card_temperature_) return false;
    Seen& m = seen_[static_cast<size_t>(g.current_player(s)) % seen_.size()];
    const int r = T::round(s);
    const uint64_t progress = T::progress(s);
    if (r == m.round && progress == m.progress) return m.still >= kStallRounds;
    m.still = r == m.round + 1 && progress == m.progress ? m.still + 1 : 0;
    m.round = r;
    m.progress = progress;
    return m.still >= kStallRounds;
  }

  // Whether this decision is judged by the value head (its scores are win probabilities) or the action head.
  bool by_value(const State& s) const {
    return choose_ == Choose::Value || (choose_ == Choose::Hybrid && T::value_decision(s));
  }

  void score(NetPlayer<T>& p, const Game& g, const State& s, const int* legal, int n, Rng& rng, float* out) {
    if (!by_value(s)) p.policy_scores(g, s, legal, n, out);
    else if (opt_.rollout > 0) p.rollout_scores(g, s, legal, n, opt_.dets, opt_.rollout, rng, out);
    else p.value_scores(g, s, legal, n, opt_.dets, rng, out, opt_.top);
  }

  NetOptions opt_;
  Choose choose_ = Choose::Policy;
  double temperature_ = 0, card_temperature_ = 0, stall_temperature_ = 0;  // after bind: the options or the model's
  static constexpr int kStallRounds = 2;
  struct Seen {  // per seat: its last action cards' round, the game's progress then, and rounds it stood still
    int round = -2;
    uint64_t progress = 0;
    int still = 0;
  };
  std::array<Seen, 8> seen_{};
  const Game* game_ = nullptr;
  int players_ = 0, instances_ = 0;
  std::unique_ptr<NetPlayer<T>> player_;
  std::unique_ptr<typename T::Search> search_;
  RootLogits root_;  // leaf=net: the root's values, which the leaves are judged against
  std::vector<float> scores_;
};

}  // namespace gs::bots::net
