// The Alien Frontiers batch runner (see af_batch.h).
#include "runner/af_batch.h"

namespace gs::runner {

void run_af_batch(const af::Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, AfBatchColumns& out) {
  run_games<AfBatch>(g, bots, req, out);
}

std::vector<ReplayStep> replay_af_game(const af::Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                       int64_t game_index, af::State* final_state) {
  return replay_one<AfBatch>(g, bots, run_seed, game_index, final_state);
}

}  // namespace gs::runner
