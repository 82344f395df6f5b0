// NetTraitsOf<Game>: the net traits of a game (net_player.h lists what they hold);
// rftg_net.h and af_net.h specialise it.
#pragma once

namespace gs::bots::net {

template <class Game>
struct NetTraitsOf;

}  // namespace gs::bots::net
