// The options of a `net` bot spec (docs/net.md): "net", "net:model=PATH",
// "net:choose=value,dets=2", "net:choose=value,rollout=40", "net:top=3", "net:temperature=0.5", "net:search=1000".
#pragma once
#include <string>

#include "bots/bot_spec.h"

namespace gs::bots::net {

enum class Choose : unsigned char {
  Default,  // the model's own choice (its header's "choose")
  Policy,   // one forward pass: the action head's best legal action
  Value,    // one forward pass per legal action: the action whose position after it the value head likes best
  Hybrid,   // Value for the game's value decisions (RftG: the action cards), Policy for every other decision
};

// How the search of search=N judges a leaf: a uniform random playout (the ismcts bot's), the value head
// (one forward pass), or a playout in which the action head makes every choice; Default: the model's
// (its header's "leaf"), else Rollout.
enum class Leaf { Default, Rollout, Net, Policy };

// leaf=net's default leaf_scale (search_leaves.h: RootLogits), also the training teacher's.
inline constexpr double kLeafScale = 4;

struct NetOptions {
  std::string model;          // a model file; "" = the shipped model for the game
  Choose choose = Choose::Default;
  double temperature = -1;    // 0: the best action; > 0: sampled from softmax(score / temperature); < 0: the
                              // model's own (its header's "temperature", 0 when it has none)
  double card_temperature = -1;  // the same at the game's value decisions (RftG: the action cards); < 0: the
                                 // model's "card_temperature" if it has one, else the temperature above
  double stall_temperature = -1;  // the same at the action cards of a seat in a stall (no tableau, good or VP
                                  // changed in its last two rounds); < 0: the model's
                                  // "stall_temperature" unless the spec gives a temperature, else card_temperature
  int dets = 1;               // value choice: determinizations the legal actions are scored on (averaged)
  int rollout = 0;            // value choice: judge each action after a look-ahead of at most this many decisions
                              // played by the action head (NetPlayer::rollout_scores); 0: right after it
  int search = -1;            // > 0: the game's search decisions (RftG: the action cards; AF: every decision) by
                              // ISMCTS with this many iterations (the ismcts bot's defaults otherwise); 0: every
                              // decision by the net; < 0: the model's (its header's "search", else 0)
  int top = 0;                // value choice: judge only the action head's `top` best legal actions; 0: all
  Leaf leaf = Leaf::Default;  // search: how a leaf of the search is judged
  double leaf_scale = kLeafScale;  // leaf=net: a leaf's reward is logistic(leaf_scale * (its log-odds - the root's)) per
                                   // seat; 0: the raw win probability (search_leaves.h)
  double puct = -1;  // search: > 0 selects the tree's choices by PUCT with the action head as the prior and this
                     // constant (search_leaves.h: prior_by_policy); 0: by UCB; < 0: the model's (its header's
                     // "puct", else 0)
};

// The options of a spec named "net"; throws std::invalid_argument with one line.
NetOptions net_options(const BotSpec& spec);

// "model=PATH (default: ...), choose=policy|value|hybrid, temperature=T, dets=K, rollout=N, top=K, search=N,
// leaf=rollout|net|policy".
std::string net_option_help();

}  // namespace gs::bots::net
