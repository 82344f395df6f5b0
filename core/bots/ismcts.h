// Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley
// and Whitehouse 2012), written once against the game interface (see DESIGN.md):
//
//   State g.new_initial_state(seed), int g.legal_actions(s, int* out), int g.step(s, a, int* legal_out),
//   int g.current_player(s), int g.players(), State g.determinize(s, observer, seed), Game::kMaxLegal,
//   winners: int g.winners(s, int* out) (allocation-free) or std::vector<int> g.winners(s),
//   scores (rollout cutoff only): g.score_parts(s, seat).total or std::vector<int> g.scores(s).
// Optional hooks, found by argument-dependent lookup (rftg/visibility.h has RftG's):
//   secret_group(g, s): non-zero during a step of simultaneous secret choices, one value per step;
//   public_action(g, s, action, viewer): the action as `viewer` sees it (negative: hidden).
//
// Every iteration starts from a fresh determinization g.determinize(s, me, seed) of
// the position: the cards the deciding seat cannot see are dealt afresh and the
// opponents' pending secret choices are redrawn, so the search never reads what
// the seat does not know. One tree is grown from the deciding seat's information
// set. A tree node is a position as the deciding seat `me` sees it: an action
// sequence from the root, in which another seat's card from its hidden hand is
// just "a card" (public_action). Each choice has an edge (acting seat, action)
// holding its visits, its availability (how often it was legal when its parent
// was visited: ISMCTS UCB uses it instead of the parent's visits) and the total
// reward of the seat that chose it (max-n: each seat maximises its own reward).
//
// Simultaneous choices are secret sequential choices: during a secret step each
// seat's choice is judged by edges that hang below the step's first node and the
// seat's own earlier choices of that step only, so a seat choosing after another
// never conditions on that other seat's secret choice; the sequence itself goes on
// below the real choices (they are revealed at the end of the step).
// The final choice is the most visited root action (ties: the higher mean reward).
//
// Rewards are in [0, 1] per seat: 1/k for each of k tied winners (after the game's
// tie-breaks), 0 for the others, discounted a little for every round the playout
// took and blended with a small score-margin term (bots/ismcts_reward.h: without
// them a seat sure of the result has no reason to prefer the moves that end the
// game). With a rollout cutoff (rollout_depth > 0), a
// playout stopped before the end is scored by a softmax over the current scores,
// exp(score / T) / sum exp(score / T), an estimate of the win chances.
//
// Options::cheat = perfect-information search (it cheats): no determinization,
// the search sees every hand, the deck and the opponents' pending choices of the
// real state (future draws stay random: the state's RNG is reseeded every
// iteration). For comparison only; off by default.
//
// Memory: each search thread owns a node pool (std::vector reserved once and
// cleared, never freed, between decisions) bounded by Options::max_nodes; when it
// is full the search stops growing the tree and only plays out. The inner loop
// (determinize, selection, expansion, playout, backpropagation) does not allocate
// once the pools are warm (with a time budget the pool grows up to max_nodes in the
// first decisions, then stays).
//
// Determinism: for a fixed seed, iteration budget and thread count the choice is
// a function of (options, the information set of the deciding seat, one draw of the
// caller's rng). A time budget (time_ms > 0) is not deterministic.
//
// A leaf value (set_leaf_value) replaces the playout: the position reached by the tree
// is judged by a function (a net bot's value head: bots/net/net_bot.h, leaf=net)
// instead of being played out; one call per iteration, one thread only. A playout policy
// (set_playout_policy) plays the playouts instead of uniform random moves (a net bot's action
// head: leaf=policy), one thread only. A prior (set_prior: a net bot's action head, puct=C) turns
// the tree's choices from UCB into PUCT: an action's mean reward plus C * prior * sqrt(visits of
// the decision + 1) / (1 + its visits), an untried action's mean taken as the decision's mean so
// far; the search then spends its first iterations where the prior points, so a small budget
// plays at least about as the prior would. One thread only.
//
// See docs/ismcts.md.
#pragma once
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "bots/ismcts_reward.h"
#include "bots/playout.h"
#include "common/rng.h"

namespace gs::bots {

enum class IsmctsRollout : uint8_t {
  Random,     // uniform random legal actions
  Heuristic,  // the Policy template argument of Ismcts (e.g. rftg::HeuristicBot)
};

struct IsmctsOptions {
  // Budget per decision. iterations is the total over all threads (split evenly).
  // time_ms > 0 replaces it by a wall-clock budget (each thread searches that long).
  int iterations = 1000;
  double time_ms = 0;
  // UCB exploration constant (rewards are in [0, 1]).
  double c = 0.7;
  // 0: a fresh determinization every iteration (SO-ISMCTS, recommended).
  // k > 0: k determinizations dealt at the start of the decision, used in turn by
  // the iterations of one tree (their RNG, i.e. future draws, reseeded every iteration).
  int determinizations = 0;
  IsmctsRollout rollout = IsmctsRollout::Random;
  // With Heuristic rollouts: probability of a uniform random action instead of the policy's.
  double rollout_epsilon = 0;
  // Decisions played in a playout before it is scored by the softmax of the scores
  // (0 = play to the end of the game and score by the winners).
  int rollout_depth = 0;
  double eval_temperature = 4.0;  // T of the cutoff softmax, in points
  // The reward (bots/ismcts_reward.h): (1 - margin) * win share * (1 - round_discount)^rounds
  // + margin * logistic(score margin / margin_scale), where rounds is what the playout took
  // from the searched position and the score margin is the seat's score minus the best
  // other score. margin = round_discount = 0: the win share alone (the search before issue 22).
  double margin = 0.1;
  double margin_scale = 10.0;  // points
  double round_discount = 0.01;
  // Perfect-information search (spec key cheat=true): no determinization; every iteration
  // plays from a copy of the real state (the other seats' hands, the deck and their pending
  // choices included) with its RNG reseeded, so future draws stay random. It sees what a player
  // cannot: a yardstick for the determinized search. Off by default.
  bool cheat = false;
  // Root parallelism: that many independent trees (own pool, own RNG), root visits summed.
  int threads = 1;
  uint64_t seed = 0;
  // Nodes per thread's tree (32 bytes each); the pool stops growing there.
  int max_nodes = 1 << 18;
};

struct IsmctsStats {
  long iterations = 0;      // over all threads
  long nodes = 0;           // tree nodes over all threads (root included)
  long playout_steps = 0;   // actions applied in playouts
  long cutoffs = 0;         // playouts scored by the evaluation instead of the winners
  int max_depth = 0;        // deepest tree node (non-forced decisions from the root)
  int root_visits = 0;      // visits of the chosen action (summed over threads)
  double chosen_value = 0;  // its mean reward for the deciding seat
  double seconds = 0;       // wall time of the search
};

namespace ismcts_detail {

template <class S, class = void>
struct HasRng : std::false_type {};
template <class S>
struct HasRng<S, void_t<decltype(std::declval<S&>().rng = Rng(0))>> : std::true_type {};

// Optional game hooks, found by argument-dependent lookup (see the header comment).
template <class G, class S, class = void>
struct HasSecretGroup : std::false_type {};
template <class G, class S>
struct HasSecretGroup<G, S, void_t<decltype(secret_group(std::declval<const G&>(), std::declval<const S&>()))>>
    : std::true_type {};

template <class G, class S, class = void>
struct HasPublicAction : std::false_type {};
template <class G, class S>
struct HasPublicAction<G, S, void_t<decltype(public_action(std::declval<const G&>(), std::declval<const S&>(), 0, 0))>>
    : std::true_type {};

template <class G, class S>
uint32_t secret_group_of(const G& g, const S& s) {
  if constexpr (HasSecretGroup<G, S>::value) return static_cast<uint32_t>(secret_group(g, s));
  else return 0;
}

template <class G, class S>
int public_action_of(const G& g, const S& s, int action, int viewer) {
  if constexpr (HasPublicAction<G, S>::value) return public_action(g, s, action, viewer);
  else return action;
}

constexpr size_t kMarkSize = 2048;  // action values below this need no growth of the mark table

template <class S>
void reseed(S& s, uint64_t seed) {
  if constexpr (HasRng<S>::value) s.rng = Rng(seed);
  (void)s;
  (void)seed;
}

// A tree node together with the edge that leads to it: (actor, action) chosen at
// the parent, the edge statistics, and the node's own list of children.
struct Node {
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  int32_t action = -1;
  int16_t actor = -1;
  int16_t depth = 0;
  uint32_t visits = 0;
  uint32_t avail = 0;
  double reward = 0;  // total reward of `actor` over the visits
};
static_assert(sizeof(Node) == 32, "Node layout");

}  // namespace ismcts_detail

// Default rollout policy: uniform random (Heuristic rollouts then equal Random ones).
struct IsmctsRandomPolicy {
  template <class G, class S>
  int act(const G&, const S&, const int* legal, int n, Rng& rng) const {
    return legal[rng.below(static_cast<uint32_t>(n))];
  }
};

template <class Game, class Policy = IsmctsRandomPolicy>
class Ismcts {
 public:
  using Options = IsmctsOptions;
  using Stats = IsmctsStats;
  using State = std::decay_t<decltype(std::declval<const Game&>().new_initial_state(0))>;
  using Node = ismcts_detail::Node;

  explicit Ismcts(const Options& options = Options(), Policy policy = Policy())
      : options_(options), policy_(std::move(policy)) {
    if (options_.iterations < 1 && options_.time_ms <= 0)
      throw std::invalid_argument("ismcts: iterations must be >= 1 (or time_ms > 0)");
    if (options_.threads < 1 || options_.threads > 256)
      throw std::invalid_argument("ismcts: threads must be in 1..256, got " + std::to_string(options_.threads));
    if (options_.determinizations < 0) throw std::invalid_argument("ismcts: determinizations must be >= 0");
    if (options_.rollout_depth < 0) throw std::invalid_argument("ismcts: rollout_depth must be >= 0");
    if (options_.max_nodes < 2) throw std::invalid_argument("ismcts: max_nodes must be >= 2");
    if (!(options_.c >= 0)) throw std::invalid_argument("ismcts: exploration constant c must be >= 0");
    if (!(options_.eval_temperature > 0)) throw std::invalid_argument("ismcts: eval_temperature must be > 0");
    if (!(options_.margin >= 0 && options_.margin <= 1)) throw std::invalid_argument("ismcts: margin must be in [0, 1]");
    if (!(options_.margin_scale > 0)) throw std::invalid_argument("ismcts: margin_scale must be > 0");
    if (!(options_.round_discount >= 0 && options_.round_discount < 1))
      throw std::invalid_argument("ismcts: round_discount must be in [0, 1)");
    if (!(options_.rollout_epsilon >= 0 && options_.rollout_epsilon <= 1))
      throw std::invalid_argument("ismcts: rollout_epsilon must be in [0, 1]");
    workers_.resize(static_cast<size_t>(options_.threads));
  }

  const Options& options() const { return options_; }
  const Stats& last_stats() const { return stats_; }
  // Judges a non-terminal leaf instead of playing it out: reward[seat] in [0, 1] for every seat,
  // as `me` (the searching seat) sees the position. Only with threads = 1.
  using LeafValue = std::function<void(const Game&, const State&, int me, double* reward)>;
  void set_leaf_value(LeafValue f) {
    if (f && options_.threads != 1) throw std::invalid_argument("ismcts: a leaf value needs threads=1");
    leaf_ = std::move(f);
  }
  // Plays the playouts instead of uniform random moves: the action at each decision with more than
  // one legal action (a net bot's action head: bots/net/net_bot.h, leaf=policy). Only with threads = 1.
  using PlayoutPolicy = std::function<int(const Game&, const State&, const int* legal, int n, Rng&)>;
  void set_playout_policy(PlayoutPolicy f) {
    if (f && options_.threads != 1) throw std::invalid_argument("ismcts: a playout policy needs threads=1");
    playout_ = std::move(f);
  }
  // Judges the legal actions of every tree decision (prior[k] for legal[k], summing to 1, as the acting seat
  // sees the determinized position) and selects by PUCT with constant c_puct instead of UCB. Only with threads = 1.
  using Prior = std::function<void(const Game&, const State&, const int* legal, int n, double* prior)>;
  void set_prior(Prior f, double c_puct) {
    if (f && options_.threads != 1) throw std::invalid_argument("ismcts: a prior needs threads=1");
    if (f && !(c_puct > 0)) throw std::invalid_argument("ismcts: the prior's constant must be > 0");
    prior_ = std::move(f);
    c_puct_ = c_puct;
  }
  // The seat the last search decided for (-1 when the last decision was not searched).
  int last_seat() const { return last_seat_; }

  // Bytes held by the node pools and scratch buffers (capacity, not use).
  size_t memory_bytes() const {
    size_t b = 0;
    for (const Worker& w : workers_)
      b += w.pool.capacity() * sizeof(Node) + w.path.capacity() * sizeof(int32_t) +
           w.mark.capacity() * sizeof(uint32_t) + w.dets.capacity() * sizeof(State);
    return b;
  }

  // Chooses one of legal[0..n) for the seat to move in s.
  int act(const Game& g, const State& s, const int* legal, int n, Rng& rng) {
    if (n <= 0) throw std::invalid_argument("ismcts: no legal actions");
    uint64_t decision_seed = splitmix64(options_.seed ^ splitmix64(rng.next()));
    stats_ = Stats();
    last_seat_ = -1;  // no search: root_edges(last_seat()) is empty
    if (n == 1) return legal[0];
    auto t0 = std::chrono::steady_clock::now();
    const int me = g.current_player(s);
    last_seat_ = me;
    const int threads = options_.threads;
    for (int t = 0; t < threads; ++t) {
      Worker& w = workers_[static_cast<size_t>(t)];
      w.rng = Rng(splitmix64(decision_seed + 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(t + 1)));
      w.budget = options_.iterations / threads + (t < options_.iterations % threads ? 1 : 0);
      w.error.clear();
    }
    if (threads == 1) {
      search(workers_[0], g, s, me, t0);
    } else {
      std::vector<std::thread> pool;  // threads are started per decision (one small allocation)
      pool.reserve(static_cast<size_t>(threads - 1));
      for (int t = 1; t < threads; ++t)
        pool.emplace_back([this, &g, &s, me, t0, t] { search(workers_[static_cast<size_t>(t)], g, s, me, t0); });
      search(workers_[0], g, s, me, t0);
      for (std::thread& th : pool) th.join();
    }
    for (const Worker& w : workers_)
      if (!w.error.empty()) throw std::runtime_error(w.error);

    // Merge the root children: visits and rewards per legal action, in legal order.
    int best = -1;
    double best_visits = -1, best_mean = -1;
    for (int k = 0; k < n; ++k) {
      double v = 0, r = 0;
      for (const Worker& w : workers_) {
        for (int32_t c = w.pool[0].first_child; c >= 0; c = w.pool[static_cast<size_t>(c)].next_sibling) {
          const Node& e = w.pool[static_cast<size_t>(c)];
          if (e.action == legal[k] && e.actor == me) { v += e.visits; r += e.reward; }
        }
      }
      double mean = v > 0 ? r / v : 0;
      if (v > best_visits || (v == best_visits && mean > best_mean)) {
        best = k;
        best_visits = v;
        best_mean = mean;
      }
    }
    for (const Worker& w : workers_) {
      stats_.iterations += w.iterations;
      stats_.nodes += static_cast<long>(w.pool.size());
      stats_.playout_steps += w.playout_steps;
      stats_.cutoffs += w.cutoffs;
      stats_.max_depth = std::max(stats_.max_depth, w.max_depth);
    }
    stats_.root_visits = static_cast<int>(best_visits);
    stats_.chosen_value = best_mean;
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return legal[best];
  }

  // Root statistics of the last search, summed over threads (for inspection and tests).
  struct RootEdge {
    int action;
    long visits;
    double mean;
  };
  std::vector<RootEdge> root_edges(int me) const {
    std::vector<RootEdge> out;
    for (const Worker& w : workers_) {
      if (w.pool.empty()) continue;
      for (int32_t c = w.pool[0].first_child; c >= 0; c = w.pool[static_cast<size_t>(c)].next_sibling) {
        const Node& e = w.pool[static_cast<size_t>(c)];
        if (e.actor != me) continue;
        auto it = std::find_if(out.begin(), out.end(), [&](const RootEdge& x) { return x.action == e.action; });
        if (it == out.end()) out.push_back({e.action, 0, 0.0}), it = out.end() - 1;
        it->mean = (it->mean * static_cast<double>(it->visits) + e.reward) / static_cast<double>(it->visits + e.visits);
        it->visits += e.visits;
      }
    }
    std::sort(out.begin(), out.end(), [](const RootEdge& a, const RootEdge& b) { return a.action < b.action; });
    return out;
  }

 private:
  struct Worker {
    std::vector<Node> pool;
    std::vector<int32_t> path;
    std::vector<uint32_t> mark;  // per action value: 2*epoch if legal here, 2*epoch+1 if it also has a child
    std::vector<int32_t> slot;   // with a prior: per action value, its index among the legal actions here
    std::vector<State> dets;     // fixed determinizations (Options::determinizations > 0)
    uint32_t epoch = 0;
    Rng rng;
    int budget = 0;
    long iterations = 0, playout_steps = 0, cutoffs = 0;
    int max_depth = 0;
    std::string error;
  };

  void search(Worker& w, const Game& g, const State& s, int me,
              std::chrono::steady_clock::time_point t0) noexcept {
    try {
      search_impl(w, g, s, me, t0);
    } catch (const std::exception& e) {
      w.error = std::string("ismcts: ") + e.what();
    } catch (...) {
      w.error = "ismcts: unknown error";
    }
  }

  // New epoch for the legal-action marks; clears them on wrap-around.
  static uint32_t next_epoch(Worker& w) {
    if (w.epoch >= 0x7ffffff0u) {
      std::fill(w.mark.begin(), w.mark.end(), 0u);
      w.epoch = 0;
    }
    return ++w.epoch;
  }

  // Finds the child of `parent` reached by (actor, action), or -1.
  static int32_t find_child(const Worker& w, int32_t parent, int actor, int action) {
    for (int32_t ch = w.pool[static_cast<size_t>(parent)].first_child; ch >= 0;
         ch = w.pool[static_cast<size_t>(ch)].next_sibling) {
      const Node& e = w.pool[static_cast<size_t>(ch)];
      if (e.action == action && e.actor == actor) return ch;
    }
    return -1;
  }

  static int32_t add_child(Worker& w, int32_t parent, int actor, int action) {
    Node e;
    e.action = action;
    e.actor = static_cast<int16_t>(actor);
    e.depth = static_cast<int16_t>(std::min<int>(w.pool[static_cast<size_t>(parent)].depth + 1, 32767));
    e.next_sibling = w.pool[static_cast<size_t>(parent)].first_child;
    const int32_t id = static_cast<int32_t>(w.pool.size());
    w.pool.push_back(e);
    w.pool[static_cast<size_t>(parent)].first_child = id;
    w.max_depth = std::max<int>(w.max_depth, e.depth);
    return id;
  }

  // Calls f(child, edge) for each child of `stat` chosen by `actor` whose action is legal now (marked mark_legal),
  // after marking it mark_tried (so the actions still marked legal are the untried ones) and counting its availability.
  template <class F>
  static void for_each_available(Worker& w, int32_t stat, int actor, uint32_t mark_legal, uint32_t mark_tried, F&& f) {
    for (int32_t ch = w.pool[static_cast<size_t>(stat)].first_child; ch >= 0;
         ch = w.pool[static_cast<size_t>(ch)].next_sibling) {
      Node& e = w.pool[static_cast<size_t>(ch)];
      if (e.actor != actor || e.action < 0) continue;
      uint32_t& m = w.mark[static_cast<size_t>(e.action)];
      if (m != mark_legal) continue;
      m = mark_tried;
      ++e.avail;
      f(ch, static_cast<const Node&>(e));
    }
  }

  // PUCT over the legal actions of one tree decision (set_prior): returns the chosen child, or -1 - k for an
  // untried legal[k]. Counts the availability of the legal children, as UCB does.
  int32_t select_by_prior(Worker& w, const Game& g, const State& d, int32_t stat, int actor, const int* legal, int n,
                          uint32_t mark_legal, uint32_t mark_tried, double* prior, int32_t* child_of) {
    if (w.slot.size() < w.mark.size()) w.slot.resize(w.mark.size(), 0);
    for (int k = 0; k < n; ++k) {
      w.slot[static_cast<size_t>(legal[k])] = k;
      child_of[k] = -1;
    }
    double visits = 0, rewards = 0;
    for_each_available(w, stat, actor, mark_legal, mark_tried, [&](int32_t ch, const Node& e) {
      child_of[w.slot[static_cast<size_t>(e.action)]] = ch;
      visits += e.visits;
      rewards += e.reward;
    });
    prior_(g, d, legal, n, prior);
    const double first = visits > 0 ? rewards / visits : 0.5;  // an untried action's mean: the decision's so far
    const double explore = c_puct_ * std::sqrt(visits + 1);
    int best = 0;
    double best_u = -1e300;
    for (int k = 0; k < n; ++k) {
      const int32_t ch = child_of[k];
      const double v = ch >= 0 ? w.pool[static_cast<size_t>(ch)].visits : 0;
      const double mean = v > 0 ? w.pool[static_cast<size_t>(ch)].reward / v : first;
      const double u = mean + explore * prior[k] / (1 + v);
      if (u > best_u) { best_u = u; best = k; }
    }
    return child_of[best] >= 0 ? child_of[best] : -1 - best;
  }

  void search_impl(Worker& w, const Game& g, const State& s, int me, std::chrono::steady_clock::time_point t0) {
    using namespace ismcts_detail;
    const int players = g.players();
    if (players > kMaxSeats) throw std::invalid_argument("more than 8 players");
    const bool timed = options_.time_ms > 0;
    const auto deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double, std::milli>(options_.time_ms));
    // Nodes one iteration can add: one expansion plus, through a secret step, one
    // continuation node per seat (see docs/ismcts.md).
    const size_t per_iteration = static_cast<size_t>(players) + 2;
    const size_t cap = static_cast<size_t>(options_.max_nodes);
    if (!timed) {
      const size_t want = std::min(cap, static_cast<size_t>(w.budget) * per_iteration + 2);
      if (w.pool.capacity() < want) w.pool.reserve(want);  // never shrinks: reused between decisions
    }
    if (w.path.capacity() < 256) w.path.reserve(256);
    if (w.mark.size() < kMarkSize) w.mark.resize(kMarkSize, 0u);
    w.pool.clear();
    w.pool.push_back(Node());
    w.iterations = w.playout_steps = w.cutoffs = 0;
    w.max_depth = 0;

    const int k_dets = options_.cheat ? 0 : options_.determinizations;
    if (k_dets > 0) {
      if (w.dets.capacity() < static_cast<size_t>(k_dets)) w.dets.reserve(static_cast<size_t>(k_dets));
      w.dets.clear();
      for (int k = 0; k < k_dets; ++k) w.dets.push_back(g.determinize(s, me, w.rng.next()));
    }

    const double c = options_.c;
    const RewardShape shape{options_.eval_temperature, options_.margin, options_.margin_scale,
                            options_.round_discount};
    const int root_round = round_of(g, s);
    const int depth_cap = options_.rollout_depth;
    const bool heuristic = options_.rollout == IsmctsRollout::Heuristic;
    const uint32_t eps = static_cast<uint32_t>(options_.rollout_epsilon * 4294967295.0);
    int legal[Game::kMaxLegal];
    double prior[Game::kMaxLegal];
    int32_t child_of[Game::kMaxLegal];
    double reward[kMaxSeats];
    int32_t cursor[kMaxSeats];

    for (long it = 0;; ++it) {
      if (timed ? (it > 0 && std::chrono::steady_clock::now() >= deadline) : it >= w.budget) break;
      // 1. A world consistent with what `me` knows.
      State d;
      if (options_.cheat) {
        d = s;
        reseed(d, w.rng.next());
      } else if (k_dets > 0) {
        d = w.dets[static_cast<size_t>(it % k_dets)];
        reseed(d, w.rng.next());
      } else {
        d = g.determinize(s, me, w.rng.next());
      }
      int n = g.legal_actions(d, legal);

      // 2. Selection and expansion. `node` is the position as `me` sees it (the
      // action sequence with other seats' hidden cards merged); the statistics of a
      // choice live under `stat`, which is `node` except during a secret step, where
      // each seat's choice is judged without the other seats' choices of that step.
      w.path.clear();
      int32_t node = 0;
      uint32_t group = 0;
      bool stop = false;
      while (n > 0 && !stop) {
        if (n == 1) {  // forced: not a tree decision
          n = g.step(d, legal[0], legal);
          continue;
        }
        const int actor = g.current_player(d);
        const uint32_t sg = secret_group_of(g, d);
        if (sg != group) {
          group = sg;
          for (int i = 0; i < players; ++i) cursor[i] = node;
        }
        const int32_t stat = sg != 0 ? cursor[actor] : node;
        if (w.pool.size() + 2 > (timed ? cap : std::min(cap, w.pool.capacity()))) break;  // pool full: play out

        const uint32_t ep = next_epoch(w);
        const uint32_t mark_legal = 2 * ep, mark_tried = 2 * ep + 1;
        for (int k = 0; k < n; ++k) {
          const size_t a = static_cast<size_t>(legal[k]);
          if (a >= w.mark.size()) w.mark.resize(std::max<size_t>(a + 1, 2 * w.mark.size()), 0u);
          w.mark[a] = mark_legal;
        }
        int action = -1;
        int32_t edge;
        if (prior_) {
          edge = select_by_prior(w, g, d, stat, actor, legal, n, mark_legal, mark_tried, prior, child_of);
          if (edge < 0) {  // an untried action: -1 - its index among the legal actions
            action = legal[-1 - edge];
            edge = add_child(w, stat, actor, action);
            w.pool[static_cast<size_t>(edge)].avail = 1;
            stop = true;
          } else {
            action = w.pool[static_cast<size_t>(edge)].action;
          }
        } else {
          // Available children: count availability, pick the best by UCB.
          int32_t best = -1;
          double best_u = -1e300;
          for_each_available(w, stat, actor, mark_legal, mark_tried, [&](int32_t ch, const Node& e) {
            // A node made only to continue a sequence (below) has no visits yet: try it first.
            const double inv = 1.0 / e.visits;
            const double u = e.visits == 0 ? 1e300
                                           : e.reward * inv + c * std::sqrt(std::log(static_cast<double>(e.avail)) * inv);
            if (u > best_u) { best_u = u; best = ch; }
          });
          int untried = 0;
          for (int k = 0; k < n; ++k) untried += w.mark[static_cast<size_t>(legal[k])] == mark_legal;
          if (untried > 0) {
            int pick = static_cast<int>(w.rng.below(static_cast<uint32_t>(untried)));
            for (int k = 0; k < n; ++k)
              if (w.mark[static_cast<size_t>(legal[k])] == mark_legal && pick-- == 0) { action = legal[k]; break; }
            edge = add_child(w, stat, actor, action);
            w.pool[static_cast<size_t>(edge)].avail = 1;
            stop = true;  // one new statistic per iteration, then play out
          } else {
            edge = best;
            action = w.pool[static_cast<size_t>(edge)].action;
          }
        }
        w.path.push_back(edge);
        if (sg != 0) cursor[actor] = edge;
        // Where the sequence goes on: the same node, unless the choice is secret from
        // the others for now (stat != node) or its card is hidden from `me`.
        const int seen = options_.cheat ? action : public_action_of(g, d, action, me);
        if (stat == node && seen == action) {
          node = edge;
        } else {
          int32_t next = find_child(w, node, actor, seen);
          node = next >= 0 ? next : add_child(w, node, actor, seen);
        }
        n = g.step(d, action, legal);
      }

      // 3. Playout (or the leaf's value).
      int steps = 0;
      if (leaf_ && n > 0) {
        leaf_(g, d, me, reward);
        ++w.cutoffs;
        n = -1;  // judged: no playout below
      }
      if constexpr (has_random_picker<Game>::value) {
        if (!heuristic && !playout_ && depth_cap == 0 && n > 0) {  // uniform random to the end: inside the engine
          Rng* const all[kMaxSeats] = {&w.rng, &w.rng, &w.rng, &w.rng, &w.rng, &w.rng, &w.rng, &w.rng};
          typename Game::Picker pick{all};
          for (; n == 1; ++steps) n = g.step(d, legal[0], legal, &pick);  // forced: no draw
          steps += static_cast<int>(pick.picks);
          // play_random draws as this loop would (legal[below(n)] at each decision), and
          // hands the game to the narrow engine when it can (rftg/narrow.h).
          if (n > 0) steps += static_cast<int>(g.play_random(d, all));
          n = 0;
        }
      }
      while (n > 0 && (depth_cap == 0 || steps < depth_cap)) {
        int a;
        if (n == 1) a = legal[0];
        else if (playout_) a = playout_(g, d, legal, n, w.rng);
        else if (heuristic && (eps == 0 || static_cast<uint32_t>(w.rng.next()) >= eps))
          a = policy_.act(g, d, legal, n, w.rng);
        else a = legal[w.rng.below(static_cast<uint32_t>(n))];
        n = g.step(d, a, legal);
        ++steps;
      }
      w.playout_steps += steps;
      if (n >= 0) {
        playout_rewards(g, d, players, n == 0, round_of(g, d) - root_round, shape, reward);
        if (n != 0) ++w.cutoffs;
      }

      // 4. Backpropagation: each chosen edge gets the reward of the seat that chose it.
      for (int32_t id : w.path) {
        Node& e = w.pool[static_cast<size_t>(id)];
        ++e.visits;
        e.reward += reward[e.actor];
      }
      ++w.pool[0].visits;
      ++w.iterations;
    }
  }

  Options options_;
  Policy policy_;
  LeafValue leaf_;
  PlayoutPolicy playout_;
  Prior prior_;
  double c_puct_ = 0;
  std::vector<Worker> workers_;
  Stats stats_;
  int last_seat_ = -1;
};

}  // namespace gs::bots
