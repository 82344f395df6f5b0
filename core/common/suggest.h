// "Did you mean ...?" hints for unknown names in user input (positions, options).
#pragma once
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace gs::text {

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline int edit_distance(const std::string& a, const std::string& b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// Longer words get no suggestion: no name is that long, and the edit distance costs
// length x length (a 10 MB word took 38 s).
constexpr size_t kMaxSuggestedWord = 100;

// " (did you mean 'A' or 'B'?)" for close candidates (case-insensitive), else "".
inline std::string suggest(const std::string& word, const std::vector<std::string>& candidates) {
  if (word.size() > kMaxSuggestedWord) return "";
  std::string w = lower(word);
  std::vector<std::pair<int, std::string>> close;
  for (const std::string& c : candidates) {
    std::string lc = lower(c);
    int d = edit_distance(w, lc);
    int limit = std::max<int>(2, static_cast<int>(w.size()) / 4);
    if (w.size() >= 4 && (lc.find(w) != std::string::npos || w.find(lc) != std::string::npos)) d = std::min(d, limit);
    if (d <= limit) close.emplace_back(d, c);
  }
  if (close.empty()) return "";
  std::stable_sort(close.begin(), close.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string out = " (did you mean ";
  size_t n = std::min<size_t>(close.size(), 3);
  for (size_t k = 0; k < n; ++k) {
    if (k) out += k + 1 == n ? " or " : ", ";
    out += "'" + close[k].second + "'";
  }
  return out + "?)";
}

// "a, b, c"
inline std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& x : items) out += (out.empty() ? "" : ", ") + x;
  return out;
}

}  // namespace gs::text
