// rftg/solo_config.cpp in the narrow engine (rftg/narrow.h).
#include "rftg/narrow/unit.h"
#include "rftg/solo_config.cpp"
