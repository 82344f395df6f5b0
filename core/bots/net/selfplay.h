// Self-play for training a model (docs/net.md, "Training"): every seat is the same model
// choosing by value (net_player.h), exploring by sampling from softmax(log-odds / temperature)
// and, with probability epsilon, by a uniformly random legal action (or, with probability
// `heuristic`, every seat plays the teacher: the game's heuristic bot or, with teacher_search = N,
// the ismcts bot's search of N iterations (T::Search); the warm-up generations; with
// teacher_at_search_decisions the search takes only the game's search decisions, as net:search=N does;
// with label_model_moves it also searches the search decisions the model takes, records its visits there
// and plays the model's move: DAgger, the teacher's labels on the states the model's own play reaches),
// and every decision with a choice is recorded:
//   the input rows of the decision (the deciding seat's view): the action head's input;
//   the legal actions' classes and their values (the teacher's scores): the action head's target;
//   at a decision the search took, the share of its visits of each legal action (the imitation target);
//   the input rows of the position after the chosen action (the same seat's view of the real game;
//   none when the action ended the game): the value head's input and the TD(lambda) chain;
//   with record_candidates, where the search's visits were recorded: the input rows of the position after
//   every legal action (the same seat's view), or the seat's result where the action ends the game: the
//   inputs of a value model's choice, which learns to rank the actions as the search chose;
// and for every game the result of each seat (1/k to each of k winners) and its score.
// Game `i` depends only on (seed, i, model, options): threads do not change the data.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "bots/ismcts.h"
#include "bots/net/net_player.h"
#include "bots/net/search_leaves.h"
#include "runner/parallel.h"

namespace gs::bots::net {

struct SelfPlayRequest {
  uint64_t seed = 0;
  int64_t first_game = 0, count = 0;
  int threads = 1;
  double temperature = 0.2;  // exploration: sampled from softmax(log-odds / temperature); 0: greedy
  double epsilon = 0;        // ... and a random legal action with this probability
  double heuristic = 0;      // a decision is taken by the teacher with this probability (1: no values computed)
  int teacher_search = 0;    // the teacher: 0 the heuristic bot; N > 0 the ismcts search of N iterations
  bool teacher_at_search_decisions = false;  // the teacher (a search) takes only the share `heuristic` of the
                                             // game's search decisions (T::value_decision: RftG's action cards),
                                             // the model every other decision (a net:search=N bot)
  bool label_model_moves = false;  // with teacher_at_search_decisions: the search's visits are also recorded at
                                   // the search decisions the model takes (the model's move is played)
  bool teacher_policy_playouts = false;  // the teacher's search plays its playouts by the model's action head
                                        // (net:search=N,leaf=policy) instead of uniform random moves
  bool teacher_net_leaves = false;       // the teacher's search judges its leaves by the model's value head
                                        // (net:search=N,leaf=net) instead of playing them out
  double teacher_puct = 0;  // > 0: the teacher's search chooses in its tree by PUCT with the model's action head as
                            // the prior (net:search=N,puct=C); 0: by UCB
  bool by_policy = false;    // the other decisions are taken by the action head (sampled at `temperature` from
                             // its logits) instead of the values; the values are still the recorded targets
  bool record_candidates = false;  // at the decisions with the search's visits: each legal action's after-position
  int dets = 1;
  int rollout = 0;           // > 0: the values are judged after a look-ahead of at most this many decisions
                             // (NetPlayer::rollout_scores); 0: right after the action (value_scores)
};

struct SelfPlayData {
  // One entry per recorded decision, in game order.
  std::vector<int64_t> game;         // game index
  std::vector<int8_t> seat, kind;    // deciding seat, decision kind
  std::vector<int64_t> rows_offsets;  // decision rows: rows[rows_offsets[d] .. rows_offsets[d+1]]
  std::vector<int32_t> rows;
  std::vector<int64_t> after_offsets;  // after-rows likewise (empty when the action ended the game)
  std::vector<int32_t> after_rows;
  std::vector<int64_t> legal_offsets;  // legal actions: legal_class / legal_value[legal_offsets[d] ..]
  std::vector<int32_t> legal_class;
  std::vector<float> legal_value;
  std::vector<float> legal_visits;     // the search's share of visits (0 where the search did not choose)
  std::vector<int16_t> chosen;        // index of the chosen action among the legal ones
  std::vector<int8_t> by;             // who chose it: 0 the values, 1 a random move, 2 the heuristic, 3 the action
                                      // head, 4 the search
  // With record_candidates: candidates of decision d are cand_decision_offsets[d] .. [d+1] (none, or one per
  // legal action in legal order); candidate c's rows are cand_rows[cand_offsets[c] .. cand_offsets[c+1]] (none
  // when the action ends the game) and cand_end[c] the deciding seat's result then (-1: the game goes on).
  std::vector<int64_t> cand_decision_offsets;
  std::vector<int64_t> cand_offsets;
  std::vector<int32_t> cand_rows;
  std::vector<float> cand_end;
  // One entry per game (players entries each).
  std::vector<float> result;          // 1/k for each of k winners, else 0
  std::vector<int16_t> score;
  std::vector<int16_t> length;        // rounds (RftG) or turns (AF)
  std::vector<int8_t> capped;         // 1: stopped by the safety cap on rounds or turns (T::at_safety_cap)
};

// The position after each legal action of s, as `me` sees it (SelfPlayData's candidates).
template <class T>
void record_candidates(const typename T::Game& g, const typename T::State& s, int me, const int* legal, int n,
                       NetPlayer<T>& p, std::vector<int32_t>& rows, SelfPlayData& d) {
  int next[T::Game::kMaxLegal];
  for (int i = 0; i < n; ++i) {
    typename T::State t = s;
    g.step(t, legal[i], next);
    float end = -1;
    if (g.is_terminal(t)) {
      float result[8];
      p.win_probabilities(g, t, me, result);  // terminal: the result, no forward pass
      end = result[me];
    } else {
      const int nr = p.rows(t, me, rows.data());
      d.cand_rows.insert(d.cand_rows.end(), rows.begin(), rows.begin() + nr);
    }
    d.cand_end.push_back(end);
    d.cand_offsets.push_back(static_cast<int64_t>(d.cand_rows.size()));
  }
}

// length(state): the game's length in its own unit (rounds, turns).
template <class T, class Length>
void self_play(const typename T::Game& g, std::shared_ptr<const Model> model, const SelfPlayRequest& req,
               SelfPlayData& out, Length length) {
  using State = typename T::State;
  const int players = g.players();
  {
    NetPlayer<T> check(model, g);  // the model plays this game (throws ModelError)
  }
  struct GameOut {
    SelfPlayData d;
  };
  std::vector<GameOut> games(static_cast<size_t>(req.count));
  struct Worker {  // one per thread
    Worker(const std::shared_ptr<const Model>& m, const typename T::Game& game, int iterations, bool policy_playouts,
           bool net_leaves, double puct)
        : player(m, game) {
      if (iterations <= 0) return;
      IsmctsOptions o;
      o.iterations = iterations;
      search = std::make_unique<typename T::Search>(o);
      if (!policy_playouts && !net_leaves && puct <= 0) return;
      // a player of its own: the search runs inside a decision of `player`'s game
      search_player = std::make_unique<NetPlayer<T>>(m, game);
      auto pp = [p = search_player.get()]() -> NetPlayer<T>& { return *p; };
      root.scale = net_leaves ? kLeafScale : 0;  // as the net:search=N,leaf=net bot judges its leaves
      judge_leaves_by<T>(*search, net_leaves ? Leaf::Net : policy_playouts ? Leaf::Policy : Leaf::Rollout, pp, &root);
      prior_by_policy<T>(*search, puct, pp);
    }
    NetPlayer<T> player;
    RootLogits root;  // with leaf=net: the root's values, which the leaves are judged against
    std::unique_ptr<NetPlayer<T>> search_player;  // the teacher's playouts or leaf values, with leaf=policy|net
    std::unique_ptr<typename T::Search> search;     // the teacher, if it searches
  };
  runner::parallel_games_with(
      req.count, req.threads,
      [&] {
        return std::make_unique<Worker>(model, g, req.teacher_search, req.teacher_policy_playouts, req.teacher_net_leaves,
                                        req.teacher_puct);
      },
      [&](std::unique_ptr<Worker>& worker, int64_t k) {
        NetPlayer<T>& p = worker->player;
        SelfPlayData& d = games[static_cast<size_t>(k)].d;
        const int64_t index = req.first_game + k;
        const uint64_t deal = game_seed(req.seed, static_cast<uint64_t>(index));
        Rng rng(splitmix64(deal ^ 0x7e1f5e1full));
        State s = g.new_initial_state(deal);
        int legal[T::Game::kMaxLegal];
        float value[T::Game::kMaxLegal], logits[T::Game::kMaxLegal], visits[T::Game::kMaxLegal];
        std::vector<int32_t> rows(static_cast<size_t>(p.model().observation_size));
        int n = g.legal_actions(s, legal);
        d.rows_offsets.push_back(0);
        d.after_offsets.push_back(0);
        d.legal_offsets.push_back(0);
        d.cand_decision_offsets.push_back(0);
        d.cand_offsets.push_back(0);
        while (n > 0) {
          const int me = g.current_player(s);
          if (n == 1) {
            n = g.step(s, legal[0], legal);
            continue;
          }
          auto coin = [&](double prob) { return prob > 0 && static_cast<double>(rng.next() >> 11) * 0x1.0p-53 < prob; };
          int c = 0, by = 0;
          auto values = [&] {
            if (req.rollout > 0) p.rollout_scores(g, s, legal, n, req.dets, req.rollout, rng, value);
            else p.value_scores(g, s, legal, n, req.dets, rng, value);
          };
          std::fill(visits, visits + n, 0.0f);
          auto search_visits = [&] {  // the search's move; its share of visits of each legal action in `visits`
            if (worker->search_player) worker->root.template set<T>(*worker->search_player, g, s, me);
            const int a = worker->search->act(g, s, legal, n, rng);
            double total = 0;
            for (const auto& e : worker->search->root_edges(me))
              for (int i = 0; i < n; ++i)
                if (legal[i] == e.action) visits[i] = static_cast<float>(e.visits), total += e.visits;
            if (total > 0)
              for (int i = 0; i < n; ++i) visits[i] = static_cast<float>(visits[i] / total);
            return a;
          };
          bool teach;
          if (req.teacher_at_search_decisions) {
            const bool searchable = T::search_decision(s);
            teach = searchable && (req.heuristic >= 1 || coin(req.heuristic));
            if (teach) std::fill(value, value + n, 0.0f);
            else values();
            if (!teach && searchable && req.label_model_moves && worker->search) search_visits();
          } else {
            if (req.heuristic >= 1) std::fill(value, value + n, 0.0f);
            else values();
            teach = req.heuristic >= 1 || coin(req.heuristic);
          }
          if (teach) {
            int a;
            if (worker->search) {
              a = search_visits();
              by = 4;
            } else {
              a = typename T::Heuristic().act(g, s, legal, n, rng);
              by = 2;
            }
            while (c < n - 1 && legal[c] != a) ++c;
          } else if (coin(req.epsilon)) {
            c = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
            by = 1;
          } else if (req.by_policy && p.model().has_action_head()) {
            p.policy_scores(g, s, legal, n, logits);
            c = pick(logits, n, req.temperature, false, rng);
            by = 3;
          } else {
            c = pick(value, n, req.temperature, true, rng);
          }
          d.game.push_back(index);
          d.seat.push_back(static_cast<int8_t>(me));
          d.kind.push_back(static_cast<int8_t>(s.decision));
          int nr = p.rows(s, me, rows.data());
          d.rows.insert(d.rows.end(), rows.begin(), rows.begin() + nr);
          d.rows_offsets.push_back(static_cast<int64_t>(d.rows.size()));
          for (int i = 0; i < n; ++i) {
            d.legal_class.push_back(p.classes().of(s, legal[i]));
            d.legal_value.push_back(value[i]);
            d.legal_visits.push_back(visits[i]);
          }
          d.legal_offsets.push_back(static_cast<int64_t>(d.legal_class.size()));
          d.chosen.push_back(static_cast<int16_t>(c));
          d.by.push_back(static_cast<int8_t>(by));
          if (req.record_candidates && std::any_of(visits, visits + n, [](float v) { return v > 0; }))
            record_candidates(g, s, me, legal, n, p, rows, d);
          d.cand_decision_offsets.push_back(static_cast<int64_t>(d.cand_end.size()));
          n = g.step(s, legal[c], legal);
          if (n > 0) {
            nr = p.rows(s, me, rows.data());
            d.after_rows.insert(d.after_rows.end(), rows.begin(), rows.begin() + nr);
          }
          d.after_offsets.push_back(static_cast<int64_t>(d.after_rows.size()));
        }
        int w[8];
        const int nw = g.winners(s, w);
        std::vector<int> scores = g.scores(s);
        for (int q = 0; q < players; ++q) {
          float r = 0;
          for (int i = 0; i < nw; ++i)
            if (w[i] == q) r = 1.0f / static_cast<float>(nw);
          d.result.push_back(r);
          d.score.push_back(static_cast<int16_t>(scores[static_cast<size_t>(q)]));
        }
        d.length.push_back(static_cast<int16_t>(length(s)));
        d.capped.push_back(T::at_safety_cap(g, s) ? 1 : 0);
      },
      1);

  // Concatenate in game order.
  auto append_offsets = [](std::vector<int64_t>& to, const std::vector<int64_t>& from, int64_t base) {
    for (size_t i = 1; i < from.size(); ++i) to.push_back(from[i] + base);
  };
  out = SelfPlayData{};
  out.rows_offsets.push_back(0);
  out.after_offsets.push_back(0);
  out.legal_offsets.push_back(0);
  out.cand_decision_offsets.push_back(0);
  out.cand_offsets.push_back(0);
  for (GameOut& go : games) {
    SelfPlayData& d = go.d;
    out.game.insert(out.game.end(), d.game.begin(), d.game.end());
    out.seat.insert(out.seat.end(), d.seat.begin(), d.seat.end());
    out.kind.insert(out.kind.end(), d.kind.begin(), d.kind.end());
    append_offsets(out.rows_offsets, d.rows_offsets, static_cast<int64_t>(out.rows.size()));
    out.rows.insert(out.rows.end(), d.rows.begin(), d.rows.end());
    append_offsets(out.after_offsets, d.after_offsets, static_cast<int64_t>(out.after_rows.size()));
    out.after_rows.insert(out.after_rows.end(), d.after_rows.begin(), d.after_rows.end());
    append_offsets(out.legal_offsets, d.legal_offsets, static_cast<int64_t>(out.legal_class.size()));
    out.legal_class.insert(out.legal_class.end(), d.legal_class.begin(), d.legal_class.end());
    out.legal_value.insert(out.legal_value.end(), d.legal_value.begin(), d.legal_value.end());
    out.legal_visits.insert(out.legal_visits.end(), d.legal_visits.begin(), d.legal_visits.end());
    out.chosen.insert(out.chosen.end(), d.chosen.begin(), d.chosen.end());
    out.by.insert(out.by.end(), d.by.begin(), d.by.end());
    append_offsets(out.cand_decision_offsets, d.cand_decision_offsets, static_cast<int64_t>(out.cand_end.size()));
    append_offsets(out.cand_offsets, d.cand_offsets, static_cast<int64_t>(out.cand_rows.size()));
    out.cand_rows.insert(out.cand_rows.end(), d.cand_rows.begin(), d.cand_rows.end());
    out.cand_end.insert(out.cand_end.end(), d.cand_end.begin(), d.cand_end.end());
    out.result.insert(out.result.end(), d.result.begin(), d.result.end());
    out.score.insert(out.score.end(), d.score.begin(), d.score.end());
    out.length.insert(out.length.end(), d.length.begin(), d.length.end());
    out.capped.insert(out.capped.end(), d.capped.begin(), d.capped.end());
    d = SelfPlayData{};
  }
}

}  // namespace gs::bots::net
