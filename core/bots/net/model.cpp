// Reading and checking model files (model.h; the format is in docs/net.md).
//
//   offset 0   8 bytes   magic "GSNET\r\n\x1a"
//          8   u32       format version (1)
//         12   u32       header length H
//         16   H bytes   header: JSON (game, expansion, players, observation, actions, net, ...)
//       16+H   u64       payload length P
//       24+H   P bytes   payload: the weight arrays, in Model's order, little-endian
//     24+H+P   u64       FNV-1a 64 of every byte before it
#include "bots/net/model.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/json.h"

namespace gs::bots::net {

namespace {

constexpr char kMagic[8] = {'G', 'S', 'N', 'E', 'T', '\r', '\n', '\x1a'};

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw ModelError("model " + shown_path(path) + ": " + what);
}

template <class T>
T read_le(const std::string& b, size_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof(T));  // the engine targets little-endian x86-64
  return v;
}

// Reads arrays off the payload in order.
struct Cursor {
  const std::string& bytes;
  size_t at;
  template <class T>
  void take(std::vector<T>& out, size_t n) {
    out.resize(n);
    if (n) std::memcpy(out.data(), bytes.data() + at, n * sizeof(T));
    at += n * sizeof(T);
  }
};

int dim(const json::Reader& r, const char* key, int lo, int hi) {
  int64_t v = r.at(key).get_int();
  if (v < lo || v > hi)
    throw json::AccessError(std::string("'") + key + "' is " + std::to_string(v) + ", expected " +
                            std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v);
}

}  // namespace

uint64_t fnv1a64(const void* data, size_t n, uint64_t h) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string layout_fingerprint(int encoder_version, const std::vector<std::string>& slot_names) {
  std::string text = "v" + std::to_string(encoder_version);
  for (const std::string& n : slot_names) text += "\n" + n;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a64(text.data(), text.size())));
  return std::string("fnv1a64:") + hex;
}

bool Model::plays(int n) const {
  for (int p : players)
    if (p == n) return true;
  return false;
}

Model parse_model(const std::string& b, const std::string& path) {
  if (b.size() < 16 || std::memcmp(b.data(), kMagic, 8) != 0)
    fail(path, "not a galaxysim model file (it does not begin with the GSNET signature)");
  const uint32_t version = read_le<uint32_t>(b, 8);
  if (version != Model::kFormatVersion)
    fail(path, "model format version " + std::to_string(version) + "; this galaxysim reads version " +
                   std::to_string(Model::kFormatVersion) + (version > Model::kFormatVersion ? " (made by a newer galaxysim)" : ""));
  const uint64_t header_len = read_le<uint32_t>(b, 12);
  if (b.size() < 16 + header_len + 8)
    fail(path, "truncated: " + std::to_string(b.size()) + " bytes, shorter than its header says");
  const uint64_t payload_len = read_le<uint64_t>(b, 16 + header_len);
  const uint64_t total = 16 + header_len + 8 + payload_len + 8;
  if (payload_len > b.size() || b.size() < total)
    fail(path, "truncated: " + std::to_string(b.size()) + " bytes, its header says " + std::to_string(total));
  if (b.size() > total) fail(path, "has " + std::to_string(b.size() - total) + " bytes after its end (not one model)");
  if (read_le<uint64_t>(b, total - 8) != fnv1a64(b.data(), total - 8))
    fail(path, "corrupt: its checksum does not match its contents");

  Model m;
  m.path = path;
  m.header_json = b.substr(16, header_len);
  try {
    json::Value doc = json::parse(m.header_json);
    json::Reader r(doc);
    m.game = r.at("game").get_string();
    m.expansion = r.at("expansion").get_string();
    for (size_t i = 0; i < r.at("players").size(); ++i) {
      int64_t p = r.at("players").at(i).get_int();
      if (p < 1 || p > 8) throw json::AccessError("a player count of " + std::to_string(p));
      m.players.push_back(static_cast<int>(p));
    }
    json::Reader obs = r.at("observation");
    m.observation_size = dim(obs, "size", 1, 1 << 20);
    m.layout = obs.at("layout").get_string();
    json::Reader act = r.at("actions");
    m.action_encoding = act.at("encoding").get_string();
    m.action_space = dim(act, "space", 0, 1 << 24);
    m.action_rows = dim(act, "rows", 0, 1 << 24);
    if (const json::Value* u = act.value().find("unseen_logit")) m.unseen_logit = static_cast<float>(u->get_double());
    json::Reader netr = r.at("net");
    m.inputs = dim(netr, "inputs", 1, 1 << 22);
    m.h1 = dim(netr, "h1", 1, 4096);
    m.h2 = dim(netr, "h2", 1, 4096);
    m.seats = dim(netr, "seats", 1, 8);
    m.default_choose = r.at("choose").get_string();
    auto temperature = [&](const char* key, double absent) {  // an optional play temperature, 0..100
      const json::Value* t = doc.find(key);
      if (!t) return absent;
      const double v = t->get_double();
      if (!(v >= 0 && v <= 100))
        throw json::AccessError(std::string(key) + " is " + std::to_string(v) + ", expected 0..100");
      return v;
    };
    m.default_temperature = temperature("temperature", 0);
    m.default_card_temperature = temperature("card_temperature", -1);
    m.default_stall_temperature = temperature("stall_temperature", -1);
    if (const json::Value* n = doc.find("search")) {
      const int64_t v = n->get_int();
      if (v < 0 || v > 10000000) throw json::AccessError("search is " + std::to_string(v) + ", expected 0..10000000");
      m.default_search = static_cast<int>(v);
    }
    if (const json::Value* l = doc.find("leaf")) m.default_leaf = l->get_string();
    if (const json::Value* c = doc.find("puct")) {
      const double v = c->get_double();
      if (!(v >= 0 && v <= 100)) throw json::AccessError("puct is " + std::to_string(v) + ", expected 0..100");
      m.default_puct = v;
    }
  } catch (const json::Error& e) {
    fail(path, std::string("bad header: ") + e.what());
  }
  if (m.default_choose != "policy" && m.default_choose != "value" && m.default_choose != "hybrid")
    fail(path, "bad header: choose is '" + m.default_choose + "', expected policy, value or hybrid");
  if (m.default_choose != "value" && m.action_rows == 0)
    fail(path, "bad header: choose is " + m.default_choose + " but it has no action head");
  if (!m.default_leaf.empty() && m.default_leaf != "rollout" && m.default_leaf != "net" && m.default_leaf != "policy")
    fail(path, "bad header: leaf is '" + m.default_leaf + "', expected rollout, net or policy");
  if (!m.default_leaf.empty() && m.default_search == 0)
    fail(path, "bad header: leaf is " + m.default_leaf + " but it has no search (search > 0)");
  if (m.default_puct > 0 && m.default_search == 0)
    fail(path, "bad header: puct is given but it has no search (search > 0)");
  if (m.default_puct > 0 && m.action_rows == 0) fail(path, "bad header: puct is given but it has no action head");
  if (m.default_leaf == "policy" && m.action_rows == 0)
    fail(path, "bad header: leaf is policy but it has no action head");

  const uint64_t need = 12ull * m.observation_size + 4ull * m.inputs * m.h1 + 4ull * m.h1 + 4ull * m.h2 * m.h1 +
                        4ull * m.h2 + 4ull * m.seats * m.h2 + 4ull * m.seats + 4ull * m.action_rows +
                        4ull * m.action_rows * m.h2 + 4ull * m.action_rows;
  if (payload_len != need)
    fail(path, "payload of " + std::to_string(payload_len) + " bytes; its header's dimensions need " +
                   std::to_string(need));
  Cursor c{b, 16 + header_len + 8};
  std::vector<int32_t> triples;
  c.take(triples, 3ull * m.observation_size);
  m.slots.resize(m.observation_size);
  for (int i = 0; i < m.observation_size; ++i) {
    int32_t row = triples[3 * i], cap = triples[3 * i + 1], shift = triples[3 * i + 2];
    if (cap < 0 || cap > 255 || shift < 0 || shift > 15 || (cap > 0 && (row < 0 || row + cap > m.inputs)))
      fail(path, "corrupt: observation slot " + std::to_string(i) + " maps to input rows outside 0.." +
                     std::to_string(m.inputs - 1));
    m.slots[i] = InputSlot{row, static_cast<uint8_t>(cap), static_cast<uint8_t>(shift)};
  }
  c.take(m.w1, 1ull * m.inputs * m.h1);
  c.take(m.b1, m.h1);
  c.take(m.w2, 1ull * m.h1 * m.h2);
  c.take(m.b2, m.h2);
  c.take(m.wv, 1ull * m.seats * m.h2);
  c.take(m.bv, m.seats);
  c.take(m.action_class, m.action_rows);
  c.take(m.wa, 1ull * m.action_rows * m.h2);
  c.take(m.ba, m.action_rows);
  for (const auto* v : {&m.w1, &m.b1, &m.w2, &m.b2, &m.wv, &m.bv, &m.wa, &m.ba})
    for (float x : *v)
      if (!std::isfinite(x)) fail(path, "corrupt: a weight is not a finite number");
  m.row_of_class.assign(m.action_space, -1);
  for (int r = 0; r < m.action_rows; ++r) {
    int32_t cls = m.action_class[r];
    if (cls < 0 || cls >= m.action_space || m.row_of_class[cls] >= 0)
      fail(path, "corrupt: action row " + std::to_string(r) + " has class " + std::to_string(cls) +
                     " (outside 0.." + std::to_string(m.action_space - 1) + " or repeated)");
    m.row_of_class[cls] = r;
  }
  return m;
}

Model read_model_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(path, std::string("cannot read it (") + std::strerror(errno) + ")");
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) fail(path, "cannot read it (read error)");
  return parse_model(ss.str(), path);
}

}  // namespace gs::bots::net
