// rftg/setup.cpp in the narrow engine (rftg/narrow.h).
#include "rftg/narrow/unit.h"
#include "rftg/setup.cpp"
