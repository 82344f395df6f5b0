// The Race for the Galaxy batch runner (see batch.h).
#include "runner/batch.h"

namespace gs::runner {

void run_batch(const rftg::Game& g, const std::vector<BotSpec>& bots, const BatchRequest& req, BatchColumns& out) {
  run_games<RftgBatch>(g, bots, req, out);
}

std::vector<ReplayStep> replay_game(const rftg::Game& g, const std::vector<BotSpec>& bots, uint64_t run_seed,
                                    int64_t game_index, rftg::State* final_state) {
  return replay_one<RftgBatch>(g, bots, run_seed, game_index, final_state);
}

}  // namespace gs::runner
