// The draft variant (rules §6): before the game every seat drafts its own deck from
// packets of five; afterwards it draws from its own deck and discards to its own
// discard pile (E41). Ownership is a per-card code (play.h, owned_by/set_owner).
#include "rftg/play.h"

namespace gs::rftg {

CardSet draw_own(State& s, int seat, int n, int good_world) {
  CardSet own = owned_by(s, seat);
  CardSet deck_all = s.deck, discard_all = s.discard;
  s.deck = deck_all & own;
  s.discard = discard_all & own;
  int8_t nstack = s.nstack;
  if (nstack > 0) s.nstack = 0;  // no known deck top in a draft (docs/state-json.md); a script stays
  CardSet got = draw_set(s, n, seat, good_world);  // with its reshuffle of the own discard pile (A12, A13)
  s.nstack = nstack;
  s.deck |= deck_all - own;
  s.discard |= discard_all - own;
  return got;
}

namespace {

constexpr int kPacket = 5;

// Step 0 deals the packets of a drafting round (or ends the draft), step 1 asks the
// seat at `turn` for its pick.
enum Step : uint8_t { kDeal = 0, kPick = 1 };

CardSet common_cards(const State& s) { return s.deck & owned_by(s, kOwnerCommon); }

// The seats pass their packets left (to the next seat) in odd drafting rounds and right
// in even ones (§6.4); the round follows from the picks made so far.
void pass_packets(State& s) {
  int picks = (s.deck & owned_by(s, 0)).count();
  bool left = ((picks - 1) / kPacket) % 2 == 0;
  CardSet packets[kMaxPlayers];
  for (int p = 0; p < s.players; ++p) packets[p] = s.hand[p];
  for (int p = 0; p < s.players; ++p) {
    int to = left ? (p + 1) % s.players : (p + s.players - 1) % s.players;
    s.hand[to] = packets[p];
  }
}

// The draft is over (§6.5): leftovers leave the game; each seat draws six from its own deck.
void end_draft(State& s) {
  common_cards(s).for_each([&](int c) { set_owner(s, c, kOwnerRemoved); });
  for (int seat = 0; seat < s.players; ++seat) draw_to_hand(s, seat, 6);
}

}  // namespace

// §6.2: one odd (red) and one even (blue) start world each, face down; every other card
// (the undealt start worlds too) is to be drafted.
void setup_draft(const Game& g, State& s) {
  s.draft = 1;
  deal_start_worlds(g, s);  // the same deal as the RvI setup (E42)
  for (int seat = 0; seat < s.players; ++seat) s.tableau[seat].for_each([&](int w) { set_owner(s, w, seat); });
  s.deck.for_each([&](int c) { set_owner(s, c, kOwnerCommon); });
  s.first = 0;
  s.stage = kStageDraft;
  s.step = kDeal;
  s.turn = 0;
}

int run_draft(const Game& g, State& s, int* out, RandomPicker* pick) {
  for (;;) {
    if (s.step == kDeal) {
      CardSet common = common_cards(s);
      if (common.count() < kPacket * s.players) {
        end_draft(s);
        return 0;
      }
      for (int seat = 0; seat < s.players; ++seat) {  // five cards each from the shared draft deck
        CardSet deck_all = s.deck;
        s.deck = common_cards(s);
        CardSet got = draw_set(s, kPacket, seat);
        s.deck = deck_all - got;
        s.hand[seat] |= got;
      }
      s.step = kPick;
      s.turn = 0;
    }
    if (s.turn >= s.players) {  // everybody picked: pass, or deal a new round when the packets are empty
      if (s.hand[0].empty()) {
        s.step = kDeal;
      } else {
        pass_packets(s);
        s.turn = 0;
      }
      continue;
    }
    int seat = seat_at(s, s.turn);
    pose(s, DecisionKind::DraftPick, seat);
    int n = emit_cards(distinct_copies(g, s.hand[seat], s.hand[seat]), out);
    if (n > 1 && !picked(pick, s, out, n)) return n;
    apply_draft_pick(g, s, out[0]);
  }
}

int legal_draft(const Game& g, const State& s, int* out) {
  return emit_cards(distinct_copies(g, s.hand[s.actor], s.hand[s.actor]), out);
}

// DraftPick: the card joins the seat's own deck; the rest of the packet waits to be passed.
void apply_draft_pick(const Game& g, State& s, int action) {
  (void)g;
  int seat = s.actor;
  s.hand[seat].reset(action);
  s.deck.set(action);
  set_owner(s, action, seat);
  ++s.turn;
}

}  // namespace gs::rftg
