// A user's text echoed in an error message: cut when long, control characters escaped, and
// quoted, so that a huge or odd value (a 10 MB card name, a newline in a name) neither floods
// the message nor breaks it into lines, and costs no time to show.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace gs::text {

constexpr std::size_t kShownBytes = 80;

// `s` with control characters written as \n, \r, \t or \xNN.
inline std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7F) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    } else {
      out += c;
    }
  }
  return out;
}

// The first kShownBytes bytes of `s` (cut at a UTF-8 character boundary), escaped; a note says
// when it was cut.
inline std::string shortened(std::string_view s) {
  if (s.size() <= kShownBytes) return escaped(s);
  std::size_t cut = kShownBytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return escaped(s.substr(0, cut)) + "... (" + std::to_string(s.size()) + " bytes, cut)";
}

// 'text', shortened the same way: 'abc...' (10000000 bytes, cut)
inline std::string quoted(std::string_view s) {
  if (s.size() <= kShownBytes) return "'" + escaped(s) + "'";
  std::string cut = shortened(s);
  std::size_t dots = cut.rfind("... (");
  return "'" + cut.substr(0, dots) + "...'" + cut.substr(dots + 3);
}

}  // namespace gs::text
