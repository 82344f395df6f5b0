// Small text helpers for the data-file parsers: trimming, splitting into words,
// strict whole-number parsing, and "key: value" line splitting.
#pragma once
#include <string>
#include <vector>

namespace gs::text {

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

inline std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

inline std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// Splits on `sep`, trimming every part (empty parts are kept).
inline std::vector<std::string> split_on(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t at = s.find(sep, start);
    out.push_back(trim(s.substr(start, at == std::string::npos ? std::string::npos : at - start)));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

// A whole decimal integer (optional sign) within [lo, hi].
inline bool parse_int(const std::string& s, int lo, int hi, int* out) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
    neg = s[i] == '-';
    ++i;
  }
  if (i == s.size()) return false;
  long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
    if (v > 100000) return false;
  }
  if (neg) v = -v;
  if (v < lo || v > hi) return false;
  *out = static_cast<int>(v);
  return true;
}

// One line of a "key: value" data file, with comments and blank lines skipped.
struct KeyLine {
  int line = 0;
  std::string key, value;
};

// Splits a whole text into its key lines. A line that is not blank, not a comment
// ('#' first) and has no ':' is returned with an empty key and the line as value,
// so the caller can report it.
inline std::vector<KeyLine> key_lines(const std::string& text) {
  std::vector<KeyLine> out;
  int number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    std::string raw = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    ++number;
    std::string line = trim(raw);
    if (!line.empty() && line[0] != '#') {
      KeyLine k;
      k.line = number;
      size_t colon = line.find(':');
      if (colon == std::string::npos) {
        k.value = line;
      } else {
        k.key = trim(line.substr(0, colon));
        k.value = trim(line.substr(colon + 1));
      }
      out.push_back(k);
    }
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return out;
}

}  // namespace gs::text
