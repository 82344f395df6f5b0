// A trained network for the `net` bot, as read from a model file (docs/net.md, "The
// model file"): what it was made for (game, expansion, player counts, observation
// layout, action encoding) and its weights. Immutable once read; shared by every bot
// and thread that plays it.
//
// The network: the observation tensor's non-zero slots switch on input rows (InputSlot:
// each slot's value picks one row), whose weight rows are summed (the sparse first
// layer) into h1; then h1 -> h2 (dense); then two heads on h2:
//   value:  one logit per seat block (seat k places after the observer), soft-maxed over
//           the seats present into win probabilities;
//   action: one row per action class met in training (an action's class is its decision
//           kind and what it means, bots/net/action_class.h); logit = row . h2 + bias.
// Hidden activations are ReLUs.
#pragma once
#include "common/quoted.h"
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gs::bots::net {

// A model file that cannot be played: what() is one line naming the file and what is wrong.
// A model file's path as messages name it: itself, or shortened (common/quoted.h) when it is longer
// than any path a file system takes (a model= option of megabytes is not echoed whole).
inline std::string shown_path(const std::string& path) {
  return path.size() <= 4096 ? path : text::shortened(path);
}

class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How one observation slot switches on an input row: bucket = min(max(value, 0) >> shift, cap);
// bucket 0 switches nothing, bucket b >= 1 switches row `row + b - 1`. cap 0: the slot is unused.
struct InputSlot {
  int32_t row = 0;
  uint8_t cap = 0;
  uint8_t shift = 0;
};

struct Model {
  static constexpr uint32_t kFormatVersion = 1;

  // What it plays (from the header).
  std::string path;            // where it was read from (for messages)
  std::string game;            // "rftg" or "af"
  std::string expansion;       // RftG: base, tgs, rvi; AF: af
  std::vector<int> players;    // player counts it was trained for
  std::string layout;          // fingerprint of the observation layout (layout_fingerprint)
  int observation_size = 0;
  std::string action_encoding; // e.g. "rftg-actions-v1"
  int action_space = 0;        // classes of that encoding (the action rows index into it)
  std::string default_choose;  // "policy", "value" or "hybrid"
  double default_temperature = 0;  // how it plays by default: 0 the best action, > 0 sampled (header "temperature")
  double default_card_temperature = -1;  // ... at the game's value decisions (RftG: the action cards; header
                                         // "card_temperature"); < 0: default_temperature
  double default_stall_temperature = -1;  // ... at the action cards of a seat in a stall (header
                                          // "stall_temperature"); < 0: default_card_temperature
  int default_search = 0;      // > 0: the game's search decisions by ISMCTS with this many iterations (header
                               // "search"; net:search=N overrides it)
  std::string default_leaf;    // how that search judges a leaf: "rollout", "net", "policy" (header "leaf"); "":
                               // rollout (net:leaf=... overrides it)
  double default_puct = 0;     // > 0: that search chooses in its tree by PUCT with the action head as the prior and
                               // this constant (header "puct"; net:puct=C overrides it)
  std::string header_json;     // the header as written (training facts, options, ...)

  // Dimensions.
  int inputs = 0, h1 = 0, h2 = 0, seats = 0, action_rows = 0;

  // Weights (float32, row-major).
  std::vector<InputSlot> slots;   // observation_size entries
  std::vector<float> w1;          // inputs x h1 (row r: the weights of input row r)
  std::vector<float> b1;          // h1
  std::vector<float> w2;          // h1 x h2 (row i: from h1 unit i to every h2 unit)
  std::vector<float> b2;          // h2
  std::vector<float> wv;          // seats x h2
  std::vector<float> bv;          // seats
  std::vector<int32_t> action_class;  // action_rows: the class of each action row
  std::vector<float> wa;          // action_rows x h2
  std::vector<float> ba;          // action_rows
  std::vector<int32_t> row_of_class;  // action_space entries: its action row, -1 if none
  float unseen_logit = 0;         // logit of an action whose class has no row

  bool has_action_head() const { return action_rows > 0; }
  bool plays(int n) const;
};

// Reads and checks a model file's bytes. Throws ModelError "model FILE: ..." for a foreign,
// truncated, corrupt or newer file, or a malformed header.
Model parse_model(const std::string& bytes, const std::string& path);
Model read_model_file(const std::string& path);

// The fingerprint a model records for an observation layout: FNV-1a 64 of the encoder
// version and every slot name ("fnv1a64:<16 hex digits>").
std::string layout_fingerprint(int encoder_version, const std::vector<std::string>& slot_names);

// FNV-1a 64 of bytes (the file's trailing checksum).
uint64_t fnv1a64(const void* data, size_t n, uint64_t h = 0xcbf29ce484222325ull);

}  // namespace gs::bots::net
