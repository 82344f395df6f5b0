// Included first by every source of the narrow engine (rftg/narrow.h): two-word CardSets,
// and every `namespace gs::rftg` from here on opens gs::rftg_narrow. The shared headers
// (cards.h, options.h, script.h) are included before the rename, so their types keep the name
// gs::rftg in both builds (#pragma once keeps them from being read again); #include
// "..." names are not macro-expanded.
#pragma once
#define GS_CARD_WORDS 2  // before any header: common/cardset.h reads it

#include "rftg/narrow.h"
#include "rftg/script.h"  // Script and ScriptError are the same types in both builds

namespace gs::rftg_narrow {
using namespace ::gs::rftg;  // CardDb, GameOptions, RulesError, ... as in the full-width engine
}

#define rftg rftg_narrow
