// rftg/settle_military.cpp in the narrow engine (rftg/narrow.h).
#include "rftg/narrow/unit.h"
#include "rftg/settle_military.cpp"
