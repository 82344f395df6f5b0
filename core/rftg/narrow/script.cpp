// rftg/script.cpp in the narrow engine (rftg/narrow.h).
#include "rftg/narrow/unit.h"
#include "rftg/script.cpp"
