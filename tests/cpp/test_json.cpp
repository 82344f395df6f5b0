// Tests for core/common/json.*: round trips, escapes, numbers, errors with
// positions, path-aware access errors, deep nesting.
// Plain main; prints one line per failure and ends with "N passed, N failed".
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/json.h"

using gs::json::AccessError;
using gs::json::Error;
using gs::json::ParseError;
using gs::json::Reader;
using gs::json::Type;
using gs::json::Value;
using gs::json::dump;
using gs::json::parse;

namespace {

int g_checks_failed_in_case = 0;

#define CHECK(cond)                                                              \
  do {                                                                           \
    if (!(cond)) {                                                               \
      std::printf("  CHECK failed at %s:%d: %s\n", __FILE__, __LINE__, #cond);   \
      ++g_checks_failed_in_case;                                                 \
    }                                                                            \
  } while (0)

#define CHECK_EQ(a, b)                                                                        \
  do {                                                                                        \
    auto va_ = (a);                                                                           \
    auto vb_ = (b);                                                                           \
    if (!(va_ == vb_)) {                                                                      \
      std::printf("  CHECK_EQ failed at %s:%d: %s == %s\n", __FILE__, __LINE__, #a, #b);     \
      ++g_checks_failed_in_case;                                                              \
    }                                                                                         \
  } while (0)

#define CHECK_STR(a, b)                                                                                         \
  do {                                                                                                          \
    std::string va_ = (a);                                                                                      \
    std::string vb_ = (b);                                                                                      \
    if (va_ != vb_) {                                                                                           \
      std::printf("  CHECK_STR failed at %s:%d: %s\n    got:      %s\n    expected: %s\n", __FILE__, __LINE__, \
                  #a, va_.c_str(), vb_.c_str());                                                                \
      ++g_checks_failed_in_case;                                                                                \
    }                                                                                                           \
  } while (0)

// Runs f, which must throw E; returns the message ("" and a failure if it did not).
template <class E, class F>
std::string expect_throw(F&& f, const char* file, int line) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    std::printf("  %s:%d: threw the wrong exception type: %s\n", file, line, e.what());
    ++g_checks_failed_in_case;
    return "";
  }
  std::printf("  %s:%d: expected an exception, none thrown\n", file, line);
  ++g_checks_failed_in_case;
  return "";
}
#define THROWS(E, expr) expect_throw<E>([&] { (void)(expr); }, __FILE__, __LINE__)

// Parse error with its position.
struct PErr {
  std::size_t line = 0, column = 0;
  std::string message, what;
};
PErr parse_error(const std::string& text) {
  try {
    parse(text);
  } catch (const ParseError& e) {
    return {e.line(), e.column(), e.message(), e.what()};
  }
  return {0, 0, "<no error>", "<no error>"};
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

#define CHECK_CONTAINS(hay, needle)                                                                            \
  do {                                                                                                         \
    std::string h_ = (hay);                                                                                    \
    if (!contains(h_, needle)) {                                                                               \
      std::printf("  CHECK_CONTAINS failed at %s:%d\n    text:   %s\n    wanted: %s\n", __FILE__, __LINE__,  \
                  h_.c_str(), std::string(needle).c_str());                                                    \
      ++g_checks_failed_in_case;                                                                               \
    }                                                                                                          \
  } while (0)

// ---------------------------------------------------------------------------

void test_scalars() {
  CHECK(parse("null").is_null());
  CHECK_EQ(parse("true").get_bool(), true);
  CHECK_EQ(parse("false").get_bool(), false);
  CHECK_EQ(parse("0").get_int(), 0);
  CHECK_EQ(parse("-0").get_int(), 0);
  CHECK_EQ(parse("42").get_int(), 42);
  CHECK_EQ(parse("-17").get_int(), -17);
  CHECK(parse("1.5").is_double());
  CHECK_EQ(parse("1.5").get_double(), 1.5);
  CHECK_EQ(parse("-2.5e3").get_double(), -2500.0);
  CHECK_EQ(parse("1E2").get_double(), 100.0);
  CHECK_EQ(parse("1e-2").get_double(), 0.01);
  CHECK(parse("1.0").is_double());
  CHECK(parse("7").is_int());
  CHECK_EQ(parse("7").get_double(), 7.0);  // integers read as doubles on request
  CHECK_STR(parse("\"abc\"").get_string(), "abc");
  CHECK_STR(parse("  \n\t 12 \r\n ").type_name(), "integer");
}

void test_big_ints() {
  const int64_t mn = std::numeric_limits<int64_t>::min();
  const int64_t mx = std::numeric_limits<int64_t>::max();
  const uint64_t umx = std::numeric_limits<uint64_t>::max();
  CHECK_EQ(parse("9223372036854775807").get_int(), mx);
  CHECK_EQ(parse("-9223372036854775808").get_int(), mn);
  CHECK_STR(dump(Value(mx)), "9223372036854775807");
  CHECK_STR(dump(Value(mn)), "-9223372036854775808");
  // Above INT64_MAX: kept exactly as uint64 (seeds, RNG states).
  Value big = parse("18446744073709551615");
  CHECK(big.is_int());
  CHECK(big.is_uint64_only());
  CHECK_EQ(big.get_uint64(), umx);
  CHECK_STR(dump(big), "18446744073709551615");
  CHECK_CONTAINS(THROWS(AccessError, big.get_int()), "does not fit in a signed 64-bit integer");
  CHECK_EQ(parse("9223372036854775808").get_uint64(), 9223372036854775808ull);
  // Unsigned values that fit in int64 are plain ints, and compare equal to them.
  CHECK(Value(uint64_t{5}) == Value(5));
  CHECK(!Value(uint64_t{5}).is_uint64_only());
  CHECK(Value(umx) == parse("18446744073709551615"));
  CHECK_EQ(parse("12").get_uint64(), 12u);
  CHECK_CONTAINS(THROWS(AccessError, parse("-1").get_uint64()), "expected non-negative integer, got integer -1");
  // Out of 64-bit range: an error, not a silent rounding.
  PErr e = parse_error("[1, 18446744073709551616]");
  CHECK_EQ(e.line, 1u);
  CHECK_EQ(e.column, 5u);
  CHECK_CONTAINS(e.message, "does not fit in 64 bits");
  CHECK_CONTAINS(parse_error("-9223372036854775809").message, "does not fit in 64 bits");
  // ...but with an exponent it is a double.
  CHECK_EQ(parse("1.8446744073709551616e19").get_double(), 18446744073709551616.0);
  // Round trip of every seed-like value.
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 1000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    Value v(x);
    Value back = parse(dump(v));
    if (back.get_uint64() != x) {
      CHECK(false);
      break;
    }
    int64_t s = static_cast<int64_t>(x);
    if (parse(dump(Value(s))).get_int() != s) {
      CHECK(false);
      break;
    }
  }
}

void test_doubles() {
  const double values[] = {0.1, -0.0, 1.0, 3.141592653589793, 1e300, -1e-300, 5e-324, 2.2250738585072014e-308,
                           1.7976931348623157e308, 123456789.125, 1e21, 0.000001};
  for (double d : values) {
    std::string s = dump(Value(d));
    Value back = parse(s);
    if (!back.is_double() || back.get_double() != d || std::signbit(back.get_double()) != std::signbit(d)) {
      std::printf("  double round trip failed for %s\n", s.c_str());
      CHECK(false);
    }
  }
  CHECK_STR(dump(Value(1.0)), "1.0");
  CHECK_STR(dump(Value(0.5)), "0.5");
  CHECK_STR(dump(Value(-2.0)), "-2.0");
  CHECK_STR(dump(Value(0.1)), "0.1");  // shortest form, not 0.10000000000000001
  CHECK_CONTAINS(THROWS(Error, dump(Value(std::nan("")))), "NaN");
  CHECK_CONTAINS(THROWS(Error, dump(Value(std::numeric_limits<double>::infinity()))), "infinity");
  CHECK_CONTAINS(parse_error("1e999").message, "too large");
  CHECK_EQ(parse("1e-999").get_double(), 0.0);
}

void test_strings_and_escapes() {
  CHECK_STR(parse(R"("a\"b\\c\/d\b\f\n\r\t")").get_string(), "a\"b\\c/d\b\f\n\r\t");
  CHECK_STR(parse(R"("\u0041\u00e9\u20AC")").get_string(), "A\xC3\xA9\xE2\x82\xAC");  // A é €
  CHECK_STR(parse(R"("\ud83d\ude00")").get_string(), "\xF0\x9F\x98\x80");            // U+1F600
  CHECK_STR(parse("\"caf\xC3\xA9\"").get_string(), "caf\xC3\xA9");                   // raw UTF-8 passes
  CHECK_STR(parse(R"("\u0000x")").get_string(), std::string("\0x", 2));              // embedded NUL
  // Serializer escapes.
  CHECK_STR(dump(Value("a\"b\\c")), R"("a\"b\\c")");
  CHECK_STR(dump(Value("\n\r\t\b\f")), R"("\n\r\t\b\f")");
  CHECK_STR(dump(Value(std::string("\x01\x1f\x7f", 3))), R"("\u0001\u001f\u007f")");
  CHECK_STR(dump(Value(std::string("a\0b", 3))), R"("a\u0000b")");
  CHECK_STR(dump(Value("/")), R"("/")");
  CHECK_STR(dump(Value("caf\xC3\xA9 \xF0\x9F\x98\x80")), "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");
  // Every byte value 1..127 and some UTF-8 survive a round trip.
  std::string all;
  for (int c = 1; c < 128; ++c) all += static_cast<char>(c);
  all += "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  CHECK_STR(parse(dump(Value(all))).get_string(), all);
  // Errors.
  CHECK_CONTAINS(THROWS(Error, dump(Value("\xC3"))), "not valid UTF-8");
  CHECK_CONTAINS(THROWS(Error, gs::json::quote("\xFF")), "not valid UTF-8");
  CHECK_CONTAINS(parse_error(R"("\x")").message, "invalid escape '\\x'");
  CHECK_CONTAINS(parse_error(R"("\u12G4")").message, "invalid hex digit");
  CHECK_CONTAINS(parse_error(R"("\u12")").message, "truncated \\u escape");
  CHECK_CONTAINS(parse_error(R"("\ud83d")").message, "not followed by a low surrogate");
  CHECK_CONTAINS(parse_error(R"("\ud83d\u0041")").message, "not followed by a low surrogate");
  CHECK_CONTAINS(parse_error(R"("\ude00")").message, "unpaired low surrogate");
  CHECK_CONTAINS(parse_error("\"a\nb\"").message, "unescaped control character");
  CHECK_CONTAINS(parse_error("\"\xC3(\"").message, "invalid UTF-8");
  CHECK_CONTAINS(parse_error("\"\xED\xA0\x80\"").message, "invalid UTF-8");  // encoded surrogate
  CHECK_CONTAINS(parse_error("\"\xC0\xAF\"").message, "invalid UTF-8");      // overlong
  PErr e = parse_error("{\"a\": \"abc");
  CHECK_CONTAINS(e.message, "unterminated string");
  CHECK_EQ(e.column, 7u);  // points at the opening quote
}

void test_round_trip_documents() {
  const char* docs[] = {
      "{}",
      "[]",
      R"({"a":1,"b":[true,false,null],"c":{"d":"e","f":-1.5}})",
      R"([[[]],[{}],{"x":[1,2,3]}])",
      R"({"z":1,"a":2,"m":3})",  // insertion order kept
      R"({"game":"rftg","players":[{"seat":0,"hand":[1,5,9],"vp":3},{"seat":1,"hand":[],"vp":0}],"seed":18446744073709551615})",
  };
  for (const char* d : docs) {
    Value v = parse(d);
    CHECK_STR(dump(v), d);                 // compact output is canonical
    CHECK(parse(dump(v, 2)) == v);         // pretty output reads back the same
    CHECK(parse(dump(v, 0)) == v);
    CHECK(parse(dump(v, 4)) == v);
  }
  // Whitespace in the input does not matter.
  CHECK(parse(" { \"a\" : [ 1 , 2 ] , \"b\" : { } } ") == parse(R"({"a":[1,2],"b":{}})"));
  // Order matters for equality; types matter too.
  CHECK(parse(R"({"a":1,"b":2})") != parse(R"({"b":2,"a":1})"));
  CHECK(parse("1") != parse("1.0"));
}

void test_pretty_format() {
  Value v = Value::object();
  v.set("name", "Old Earth");
  v.set("cost", 0);
  Value& tags = v.set("tags", Value::array());
  tags.push_back("start");
  tags.push_back(1.5);
  v.set("empty_list", Value::array());
  v.set("empty_obj", Value::object());
  const char* expected =
      "{\n"
      "  \"name\": \"Old Earth\",\n"
      "  \"cost\": 0,\n"
      "  \"tags\": [\n"
      "    \"start\",\n"
      "    1.5\n"
      "  ],\n"
      "  \"empty_list\": [],\n"
      "  \"empty_obj\": {}\n"
      "}";
  CHECK_STR(dump(v, 2), expected);
  CHECK_STR(dump(v), R"({"name":"Old Earth","cost":0,"tags":["start",1.5],"empty_list":[],"empty_obj":{}})");
  CHECK_STR(dump(parse("[1,[2]]"), 1), "[\n 1,\n [\n  2\n ]\n]");
}

void test_builders_and_access() {
  Value v = Value::object();
  CHECK(v.is_object());
  CHECK(v.empty());
  v.set("a", 1);
  v.set("b", "two");
  v.set("a", 3);  // replace keeps position
  CHECK_EQ(v.size(), 2u);
  CHECK_STR(dump(v), R"({"a":3,"b":"two"})");
  CHECK(v.find("a") != nullptr);
  CHECK(v.find("zz") == nullptr);
  CHECK(v.contains("b"));
  CHECK_EQ(v.at("a").get_int(), 3);
  v.at("a") = Value(4);
  CHECK_EQ(v.at("a").get_int(), 4);
  CHECK(v.erase("a"));
  CHECK(!v.erase("a"));
  CHECK_STR(dump(v), R"({"b":"two"})");

  Value a = Value::array();
  a.push_back(1);
  a.push_back(Value::object()).set("k", nullptr);
  a.push_back(int64_t{-5});
  a.push_back(uint64_t{7});
  a.push_back(true);
  a.push_back(std::string("s"));
  CHECK_STR(dump(a), R"([1,{"k":null},-5,7,true,"s"])");
  CHECK_EQ(a.at(2).get_int(), -5);
  CHECK_EQ(a.get_array().size(), 6u);
  CHECK(Value().is_null());
  CHECK(Value(nullptr).is_null());
  CHECK(Value("x").is_string());  // not bool
  CHECK(Value(false).is_bool());
  CHECK(Value(short{3}).is_int());
  CHECK(Value(3.5f).is_double());
  CHECK(Value(3).type() == Type::Int);

  // Clear errors from the plain accessors.
  CHECK_STR(THROWS(AccessError, v.at("hands")), "missing key 'hands'");
  CHECK_STR(THROWS(AccessError, a.at(10)), "index 10 out of range (array of 6)");
  CHECK_STR(THROWS(AccessError, v.at("b").get_int()), "expected integer, got string \"two\"");
  CHECK_STR(THROWS(AccessError, a.at("k")), "expected object when looking up key 'k', got array of 6");
  CHECK_STR(THROWS(AccessError, v.at(0)), "expected array when reading index 0, got object with 1 keys");
  CHECK_STR(THROWS(AccessError, a.set("k", 1)), "cannot set key 'k' on array of 6, expected object");
  CHECK_STR(THROWS(AccessError, v.push_back(1)), "cannot append to object with 1 keys, expected array");
  CHECK_STR(THROWS(AccessError, Value(1.5).get_bool()), "expected boolean, got number 1.5");
  CHECK_STR(THROWS(AccessError, Value().get_string()), "expected string, got null");
  CHECK_STR(THROWS(AccessError, Value(std::string(100, 'x')).get_int()),
            "expected integer, got string \"" + std::string(37, 'x') + "\"...");
  CHECK_EQ(THROWS(AccessError, Value(1.5).get_int()).empty(), false);  // no silent truncation
}

void test_reader_paths() {
  Value doc = parse(R"({
    "num_players": 9,
    "players": [
      {"seat": 0, "tableau": [3, 4]},
      {"seat": 1, "tableau": [5, "Old Earth", 7], "name": "bot"}
    ],
    "seed": 18446744073709551615,
    "neg": -3
  })");
  Reader r(doc);
  CHECK_EQ(r.at("players").at(1).at("tableau").at(2).get_int(), 7);
  CHECK_STR(r.at("players").at(1).at("tableau").path(), "players[1].tableau");
  CHECK_EQ(r.at("seed").get_uint64(), std::numeric_limits<uint64_t>::max());
  CHECK_EQ(r.at("players").size(), 2u);
  CHECK_EQ(r.keys().size(), 4u);
  CHECK(r.find("nope") == std::nullopt);
  CHECK(r.find("neg").has_value());
  CHECK_EQ(r.find("neg")->get_int(), -3);
  CHECK(r.contains("seed"));

  CHECK_STR(THROWS(AccessError, r.at("players").at(1).at("tableau").at(1).get_int()),
            "expected integer at 'players[1].tableau[1]', got string \"Old Earth\"");
  CHECK_STR(THROWS(AccessError, r.at("players").at(0).at("hands")), "missing key 'hands' at 'players[0]'");
  CHECK_STR(THROWS(AccessError, r.at("hands")), "missing key 'hands'");
  CHECK_STR(THROWS(AccessError, r.at("players").at(2)), "index 2 out of range (array of 2) at 'players'");
  CHECK_STR(THROWS(AccessError, r.at("num_players").get_int(1, 6)), "value 9 out of range [1, 6] at 'num_players'");
  CHECK_STR(THROWS(AccessError, r.at("seed").get_int()),
            "integer 18446744073709551615 does not fit in a signed 64-bit integer at 'seed'");
  CHECK_STR(THROWS(AccessError, r.at("neg").get_uint64()), "expected non-negative integer at 'neg', got integer -3");
  CHECK_STR(THROWS(AccessError, r.at("num_players").at("x")), "expected object at 'num_players', got integer 9");
  CHECK_STR(THROWS(AccessError, r.at("players").at(1).at("name").get_bool()),
            "expected boolean at 'players[1].name', got string \"bot\"");
  CHECK_STR(THROWS(AccessError, r.at("neg").size()), "expected array or object at 'neg', got integer -3");
  CHECK_STR(THROWS(AccessError, r.get_string()), "expected string, got object with 4 keys");
  CHECK_EQ(r.at("num_players").get_double(), 9.0);
  CHECK_EQ(r.at("players").at(0).at("seat").get_int(0, 5), 0);
}

void test_parse_errors_with_positions() {
  struct Case {
    const char* text;
    std::size_t line, column;
    const char* fragment;
  };
  const Case cases[] = {
      {"", 1, 1, "empty input"},
      {"   ", 1, 4, "empty input"},
      {"[1, 2", 1, 6, "expected ',' or ']' after array element, got end of input"},
      {"[1 2]", 1, 4, "expected ',' or ']' after array element, got character '2'"},
      {"{\"a\" 1}", 1, 6, "expected ':' after object key \"a\""},
      {"{\"a\":1,}", 1, 8, "trailing comma before '}'"},
      {"[1,]", 1, 4, "trailing comma before ']'"},
      {"{a:1}", 1, 2, "expected a string key in object, got character 'a'"},
      {"{\n  \"x\": 1,\n  \"y\": tru\n}", 3, 8, "expected a value"},
      {"{\n  \"x\": 1,\n  \"x\": 2\n}", 3, 3, "duplicate key \"x\""},
      {"[1] [2]", 1, 5, "after the JSON value"},
      {"01", 1, 1, "leading zeros"},
      {"-", 1, 2, "expected a digit after '-'"},
      {"1.", 1, 3, "expected a digit after the decimal point"},
      {"1e+", 1, 4, "expected a digit in the exponent"},
      {".5", 1, 1, "expected a value"},
      {"+1", 1, 1, "expected a value"},
      {"nul", 1, 1, "expected a value"},
      {"NaN", 1, 1, "expected a value"},
      {"[\n\n   @]", 3, 4, "unexpected character '@'"},
      {"\"abc", 1, 1, "unterminated string"},
      {"[\x01]", 1, 2, "byte 0x01"},
  };
  for (const Case& c : cases) {
    PErr e = parse_error(c.text);
    bool ok = e.line == c.line && e.column == c.column && contains(e.message, c.fragment);
    if (!ok) {
      std::printf("  parse error case %s: got line %zu column %zu '%s'; expected line %zu column %zu '%s'\n",
                  gs::json::quote(c.text).c_str(), e.line, e.column, e.message.c_str(), c.line, c.column, c.fragment);
      CHECK(false);
    }
  }
  PErr e = parse_error("{\n  \"x\": 1,\n  \"y\": tru\n}");
  CHECK_CONTAINS(e.what, "JSON parse error at line 3, column 8: ");
  // ParseError is a std::runtime_error.
  try {
    parse("[");
    CHECK(false);
  } catch (const std::runtime_error& err) {
    CHECK_CONTAINS(err.what(), "line 1, column 2");
  }
}

void test_deep_nesting() {
  // At the limit: fine, and round-trips.
  const int ok_depth = gs::json::kMaxDepth;
  std::string s(ok_depth, '[');
  s += "42";
  s += std::string(ok_depth, ']');
  Value v = parse(s);
  CHECK_STR(dump(v), s);
  const Value* p = &v;
  for (int i = 0; i < ok_depth; ++i) p = &p->at(0);
  CHECK_EQ(p->get_int(), 42);
  CHECK(parse(dump(v, 1)) == v);
  // Objects too.
  std::string o;
  for (int i = 0; i < ok_depth; ++i) o += "{\"k\":";
  o += "null";
  o += std::string(ok_depth, '}');
  CHECK_STR(dump(parse(o)), o);
  // One past the limit, and far past it: a clean error, not a stack overflow.
  std::string deeper(ok_depth + 1, '[');
  PErr e = parse_error(deeper + std::string(ok_depth + 1, ']'));
  CHECK_CONTAINS(e.message, "nesting deeper than");
  CHECK_EQ(e.column, static_cast<std::size_t>(ok_depth + 1));
  CHECK_CONTAINS(parse_error(std::string(100000, '[')).message, "nesting deeper than");
  CHECK_CONTAINS(parse_error(std::string(100000, '{')).message, "expected a string key");
  std::string objs;
  for (int i = 0; i < 100000; ++i) objs += "{\"a\":";
  CHECK_CONTAINS(parse_error(objs).message, "nesting deeper than");
}

void test_large_document() {
  // A wide document: 20000 members, each an array; checks order and speed of lookup on small objects.
  Value v = Value::object();
  Value& list = v.set("games", Value::array());
  for (int i = 0; i < 20000; ++i) {
    Value g = Value::object();
    g.set("index", i);
    g.set("score", i * 0.5);
    g.set("name", "game " + std::to_string(i));
    list.push_back(std::move(g));
  }
  std::string text = dump(v);
  Value back = parse(text);
  CHECK(back == v);
  CHECK_EQ(back.at("games").at(19999).at("index").get_int(), 19999);
  CHECK_STR(back.at("games").at(7).at("name").get_string(), "game 7");
}

}  // namespace

int main(int argc, char** argv) {
  (void)argc;
  (void)argv;  // the driver passes the card data path; this test does not need it
  struct Case {
    const char* name;
    std::function<void()> fn;
  };
  const std::vector<Case> cases = {
      {"scalars", test_scalars},
      {"big_ints", test_big_ints},
      {"doubles", test_doubles},
      {"strings_and_escapes", test_strings_and_escapes},
      {"round_trip_documents", test_round_trip_documents},
      {"pretty_format", test_pretty_format},
      {"builders_and_access", test_builders_and_access},
      {"reader_paths", test_reader_paths},
      {"parse_errors_with_positions", test_parse_errors_with_positions},
      {"deep_nesting", test_deep_nesting},
      {"large_document", test_large_document},
  };
  int passed = 0, failed = 0;
  for (const Case& c : cases) {
    g_checks_failed_in_case = 0;
    try {
      c.fn();
    } catch (const std::exception& e) {
      std::printf("  unexpected exception: %s\n", e.what());
      ++g_checks_failed_in_case;
    }
    if (g_checks_failed_in_case == 0) {
      ++passed;
      std::printf("ok   %s\n", c.name);
    } else {
      ++failed;
      std::printf("FAIL %s\n", c.name);
    }
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
