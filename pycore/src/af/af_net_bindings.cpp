// pycore._af: the net bot's model functions and training self-play for Alien Frontiers
// (../net_support.h).
#include "../net_support.h"
#include "af_py_state.h"

namespace gs::py_af {

void bind_net(pybind11::module_& m) { pybind_support::bind_net<Module, bots::net::AfNet>(m); }

}  // namespace gs::py_af
