// rftg/goals.cpp in the narrow engine (rftg/narrow.h).
#include "rftg/narrow/unit.h"
#include "rftg/goals.cpp"
