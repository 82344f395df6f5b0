// pycore._rftg: the net bot's model functions and training self-play for Race for the
// Galaxy (net_support.h).
#include "net_support.h"
#include "py_state.h"

namespace gs::py_rftg {

void bind_net(pybind11::module_& m) { pybind_support::bind_net<Module, bots::net::RftgNet>(m); }

}  // namespace gs::py_rftg
