// JSON parser and serializer; see json.h for the contract.
#include "common/json.h"
#include "common/quoted.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <system_error>

namespace gs::json {

// ---------------------------------------------------------------------------
// Errors and type names

namespace {

std::string position_prefix(std::size_t line, std::size_t column) {
  return "JSON parse error at line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
}

// A short human description of a value, for error messages: string "abc", integer 7, array of 3.
std::string describe(const Value& v) {
  switch (v.type()) {
    case Type::Null: return "null";
    case Type::Bool: return v.get_bool() ? "true" : "false";
    case Type::Int: return "integer " + std::to_string(v.get_int());
    case Type::UInt: return "integer " + std::to_string(v.get_uint64());
    case Type::Double: {
      double d = v.get_double();
      if (!std::isfinite(d)) return "number";
      return "number " + dump(Value(d));
    }
    case Type::String: {
      const std::string& s = v.get_string();
      if (s.size() <= 40) return "string " + quote(s);
      // Cut at a UTF-8 character boundary so quote() does not reject it.
      std::size_t cut = 37;
      while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
      return "string " + quote(s.substr(0, cut)) + "...";
    }
    case Type::Array: return "array of " + std::to_string(v.size());
    case Type::Object: return "object with " + std::to_string(v.size()) + " keys";
  }
  return "value";
}

[[noreturn]] void type_mismatch(const char* expected, const Value& got) {
  throw AccessError(std::string("expected ") + expected + ", got " + describe(got));
}

}  // namespace

ParseError::ParseError(const std::string& message, std::size_t line, std::size_t column, std::size_t offset)
    : Error(position_prefix(line, column) + message),
      message_(message),
      line_(line),
      column_(column),
      offset_(offset) {}

const char* type_name(Type t) {
  switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Int: return "integer";
    case Type::UInt: return "integer";
    case Type::Double: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
  }
  return "unknown";
}

// ---------------------------------------------------------------------------
// Value accessors

bool Value::get_bool() const {
  if (auto* p = std::get_if<bool>(&v_)) return *p;
  type_mismatch("boolean", *this);
}

int64_t Value::get_int() const {
  if (auto* p = std::get_if<int64_t>(&v_)) return *p;
  if (auto* p = std::get_if<uint64_t>(&v_))
    throw AccessError("integer " + std::to_string(*p) + " does not fit in a signed 64-bit integer");
  type_mismatch("integer", *this);
}

uint64_t Value::get_uint64() const {
  if (auto* p = std::get_if<uint64_t>(&v_)) return *p;
  if (auto* p = std::get_if<int64_t>(&v_)) {
    if (*p < 0) throw AccessError("expected non-negative integer, got integer " + std::to_string(*p));
    return static_cast<uint64_t>(*p);
  }
  type_mismatch("non-negative integer", *this);
}

double Value::get_double() const {
  if (auto* p = std::get_if<double>(&v_)) return *p;
  if (auto* p = std::get_if<int64_t>(&v_)) return static_cast<double>(*p);
  if (auto* p = std::get_if<uint64_t>(&v_)) return static_cast<double>(*p);
  type_mismatch("number", *this);
}

const std::string& Value::get_string() const {
  if (auto* p = std::get_if<std::string>(&v_)) return *p;
  type_mismatch("string", *this);
}

const Array& Value::get_array() const {
  if (auto* p = std::get_if<Array>(&v_)) return *p;
  type_mismatch("array", *this);
}

Array& Value::get_array() {
  if (auto* p = std::get_if<Array>(&v_)) return *p;
  type_mismatch("array", *this);
}

const Object& Value::get_object() const {
  if (auto* p = std::get_if<Object>(&v_)) return *p;
  type_mismatch("object", *this);
}

Object& Value::get_object() {
  if (auto* p = std::get_if<Object>(&v_)) return *p;
  type_mismatch("object", *this);
}

const Value* Value::find(std::string_view key) const {
  const Object* o = std::get_if<Object>(&v_);
  if (!o) return nullptr;
  for (const Member& m : *o)
    if (m.first == key) return &m.second;
  return nullptr;
}

Value* Value::find(std::string_view key) {
  return const_cast<Value*>(static_cast<const Value*>(this)->find(key));
}

const Value& Value::at(std::string_view key) const {
  if (!is_object()) {
    throw AccessError("expected object when looking up key " + text::quoted(key) + ", got " + describe(*this));
  }
  if (const Value* v = find(key)) return *v;
  throw AccessError("missing key " + text::quoted(key));
}

Value& Value::at(std::string_view key) {
  return const_cast<Value&>(static_cast<const Value*>(this)->at(key));
}

Value& Value::set(std::string key, Value value) {
  Object* o = std::get_if<Object>(&v_);
  if (!o) throw AccessError("cannot set key " + text::quoted(key) + " on " + describe(*this) + ", expected object");
  for (Member& m : *o) {
    if (m.first == key) {
      m.second = std::move(value);
      return m.second;
    }
  }
  o->emplace_back(std::move(key), std::move(value));
  return o->back().second;
}

bool Value::erase(std::string_view key) {
  Object* o = std::get_if<Object>(&v_);
  if (!o) return false;
  for (auto it = o->begin(); it != o->end(); ++it) {
    if (it->first == key) {
      o->erase(it);
      return true;
    }
  }
  return false;
}

const Value& Value::at(std::size_t index) const {
  const Array* a = std::get_if<Array>(&v_);
  if (!a) throw AccessError("expected array when reading index " + std::to_string(index) + ", got " + describe(*this));
  if (index >= a->size()) {
    throw AccessError("index " + std::to_string(index) + " out of range (array of " + std::to_string(a->size()) + ")");
  }
  return (*a)[index];
}

Value& Value::at(std::size_t index) {
  return const_cast<Value&>(static_cast<const Value*>(this)->at(index));
}

Value& Value::push_back(Value value) {
  Array* a = std::get_if<Array>(&v_);
  if (!a) throw AccessError("cannot append to " + describe(*this) + ", expected array");
  a->push_back(std::move(value));
  return a->back();
}

std::size_t Value::size() const {
  if (auto* a = std::get_if<Array>(&v_)) return a->size();
  if (auto* o = std::get_if<Object>(&v_)) return o->size();
  return 0;
}

// ---------------------------------------------------------------------------
// Parser

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  Value parse_document() {
    skip_ws();
    if (pos_ >= s_.size()) fail("empty input, expected a JSON value");
    Value v = parse_value(0);
    skip_ws();
    if (pos_ < s_.size()) fail("unexpected " + show_char() + " after the JSON value");
    return v;
  }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;

  [[noreturn]] void fail_at(std::size_t offset, const std::string& message) const {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < offset && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw ParseError(message, line, col, offset);
  }
  [[noreturn]] void fail(const std::string& message) const { fail_at(pos_, message); }

  // The character at pos_, for messages: 'x', end of input, or a byte in hex.
  std::string show_char() const {
    if (pos_ >= s_.size()) return "end of input";
    unsigned char c = static_cast<unsigned char>(s_[pos_]);
    if (c >= 0x20 && c < 0x7F) return std::string("character '") + static_cast<char>(c) + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
    return buf;
  }

  void skip_ws() {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') ++pos_;
      else break;
    }
  }

  bool consume_literal(const char* lit) {
    std::size_t n = std::strlen(lit);
    if (s_.compare(pos_, n, lit) == 0) {
      pos_ += n;
      return true;
    }
    return false;
  }

  Value parse_value(int depth) {
    if (pos_ >= s_.size()) fail("unexpected end of input, expected a value");
    char c = s_[pos_];
    switch (c) {
      case '{': return parse_object(depth + 1);
      case '[': return parse_array(depth + 1);
      case '"': return Value(parse_string());
      case 't':
        if (consume_literal("true")) return Value(true);
        break;
      case 'f':
        if (consume_literal("false")) return Value(false);
        break;
      case 'n':
        if (consume_literal("null")) return Value();
        break;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return parse_number();
        break;
    }
    fail("unexpected " + show_char() + ", expected a value (object, array, string, number, true, false or null)");
  }

  Value parse_object(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    ++pos_;  // '{'
    Object obj;
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return Value(std::move(obj));
    }
    for (;;) {
      skip_ws();
      if (pos_ >= s_.size() || s_[pos_] != '"') {
        if (pos_ < s_.size() && s_[pos_] == '}') fail("trailing comma before '}'");
        fail("expected a string key in object, got " + show_char());
      }
      std::size_t key_pos = pos_;
      std::string key = parse_string();
      for (const Member& m : obj) {
        if (m.first == key) fail_at(key_pos, "duplicate key " + quote(key) + " in object");
      }
      skip_ws();
      if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected ':' after object key " + quote(key) + ", got " + show_char());
      ++pos_;
      skip_ws();
      Value v = parse_value(depth);
      obj.emplace_back(std::move(key), std::move(v));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return Value(std::move(obj));
      }
      fail("expected ',' or '}' after object member, got " + show_char());
    }
  }

  Value parse_array(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    ++pos_;  // '['
    Array arr;
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return Value(std::move(arr));
    }
    for (;;) {
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ']') fail("trailing comma before ']'");
      arr.push_back(parse_value(depth));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return Value(std::move(arr));
      }
      fail("expected ',' or ']' after array element, got " + show_char());
    }
  }

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // Reads the 4 hex digits of a \u escape starting at pos_ (just after "\u").
  unsigned read_hex4() {
    if (pos_ + 4 > s_.size()) fail("truncated \\u escape, expected 4 hex digits");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      int d = hex_digit(s_[pos_ + i]);
      if (d < 0) fail_at(pos_ + i, "invalid hex digit in \\u escape");
      v = (v << 4) | static_cast<unsigned>(d);
    }
    pos_ += 4;
    return v;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // Length of the valid UTF-8 sequence starting at s[i] (a non-ASCII lead byte), or 0.
  static std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t n;
    unsigned cp;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF.
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
  }

 public:
  static bool valid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
      if (static_cast<unsigned char>(s[i]) < 0x80) {
        ++i;
        continue;
      }
      std::size_t n = utf8_sequence_length(s, i);
      if (n == 0) return false;
      i += n;
    }
    return true;
  }

 private:
  std::string parse_string() {
    std::size_t start = pos_;
    ++pos_;  // opening quote
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail_at(start, "unterminated string");
      unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c == '\\') {
        std::size_t esc_pos = pos_;
        ++pos_;
        if (pos_ >= s_.size()) fail_at(start, "unterminated string");
        char e = s_[pos_++];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            unsigned cp = read_hex4();
            if (cp >= 0xDC00 && cp <= 0xDFFF) fail_at(esc_pos, "unpaired low surrogate in \\u escape");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              if (pos_ + 2 > s_.size() || s_[pos_] != '\\' || s_[pos_ + 1] != 'u')
                fail_at(esc_pos, "high surrogate in \\u escape not followed by a low surrogate");
              pos_ += 2;
              unsigned lo = read_hex4();
              if (lo < 0xDC00 || lo > 0xDFFF)
                fail_at(esc_pos, "high surrogate in \\u escape not followed by a low surrogate");
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            append_utf8(out, cp);
            break;
          }
          default:
            pos_ = esc_pos;
            fail(std::string("invalid escape '\\") + (e >= 0x20 && e < 0x7F ? std::string(1, e) : std::string("?")) + "' in string");
        }
        continue;
      }
      if (c < 0x20) fail("unescaped control character " + show_char() + " in string (use \\n, \\t or \\u00XX)");
      if (c < 0x80) {
        out += static_cast<char>(c);
        ++pos_;
        continue;
      }
      std::size_t n = utf8_sequence_length(s_, pos_);
      if (n == 0) fail("invalid UTF-8 in string");
      out.append(s_.data() + pos_, n);
      pos_ += n;
    }
  }

  Value parse_number() {
    std::size_t start = pos_;
    bool negative = false;
    if (s_[pos_] == '-') {
      negative = true;
      ++pos_;
    }
    auto is_digit = [&](std::size_t i) { return i < s_.size() && s_[i] >= '0' && s_[i] <= '9'; };
    if (!is_digit(pos_)) fail("expected a digit after '-'");
    if (s_[pos_] == '0') {
      ++pos_;
      if (is_digit(pos_)) fail_at(start, "numbers may not have leading zeros");
    } else {
      while (is_digit(pos_)) ++pos_;
    }
    bool is_float = false;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      is_float = true;
      ++pos_;
      if (!is_digit(pos_)) fail("expected a digit after the decimal point");
      while (is_digit(pos_)) ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      is_float = true;
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!is_digit(pos_)) fail("expected a digit in the exponent");
      while (is_digit(pos_)) ++pos_;
    }
    const char* first = s_.data() + start;
    const char* last = s_.data() + pos_;
    if (!is_float) {
      if (negative) {
        int64_t v = 0;
        auto r = std::from_chars(first, last, v);
        if (r.ec == std::errc() && r.ptr == last) return Value(v);
      } else {
        uint64_t v = 0;
        auto r = std::from_chars(first, last, v);
        if (r.ec == std::errc() && r.ptr == last) return Value(v);  // int64 when it fits
      }
      fail_at(start, "integer " + std::string(first, last) +
                         " does not fit in 64 bits (range is -9223372036854775808 to 18446744073709551615); "
                         "write it with an exponent to read it as a floating-point number");
    }
    double d = 0;
    auto r = std::from_chars(first, last, d);
    if (r.ec == std::errc::result_out_of_range) {
      // Underflow to zero is harmless; overflow to infinity is not representable in JSON.
      bool exp_negative = false;
      for (const char* p = first; p < last; ++p)
        if ((*p == 'e' || *p == 'E') && p + 1 < last && p[1] == '-') exp_negative = true;
      if (!exp_negative) fail_at(start, "number " + std::string(first, last) + " is too large for a double");
      return Value(negative ? -0.0 : 0.0);
    }
    if (r.ec != std::errc() || r.ptr != last) fail_at(start, "malformed number");
    return Value(d);
  }
};

// ---------------------------------------------------------------------------
// Serializer

void append_quoted(std::string& out, std::string_view s) {
  if (!Parser::valid_utf8(s)) throw Error("cannot serialize a string that is not valid UTF-8");
  out += '"';
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          static const char* hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xF];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

void append_double(std::string& out, double d) {
  if (!std::isfinite(d)) throw Error("cannot serialize NaN or infinity as JSON");
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, d);  // shortest representation that round-trips
  std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
  out += text;
  if (text.find_first_of(".eE") == std::string_view::npos) out += ".0";
}

void newline(std::string& out, int indent, int depth) {
  out += '\n';
  out.append(static_cast<std::size_t>(indent) * static_cast<std::size_t>(depth), ' ');
}

void write(std::string& out, const Value& v, int indent, int depth) {
  switch (v.type()) {
    case Type::Null: out += "null"; return;
    case Type::Bool: out += v.get_bool() ? "true" : "false"; return;
    case Type::Int: out += std::to_string(v.get_int()); return;
    case Type::UInt: out += std::to_string(v.get_uint64()); return;
    case Type::Double: append_double(out, v.get_double()); return;
    case Type::String: append_quoted(out, v.get_string()); return;
    case Type::Array: {
      const Array& a = v.get_array();
      if (a.empty()) {
        out += "[]";
        return;
      }
      out += '[';
      for (std::size_t i = 0; i < a.size(); ++i) {
        if (i) out += ',';
        if (indent >= 0) newline(out, indent, depth + 1);
        write(out, a[i], indent, depth + 1);
      }
      if (indent >= 0) newline(out, indent, depth);
      out += ']';
      return;
    }
    case Type::Object: {
      const Object& o = v.get_object();
      if (o.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      for (std::size_t i = 0; i < o.size(); ++i) {
        if (i) out += ',';
        if (indent >= 0) newline(out, indent, depth + 1);
        append_quoted(out, o[i].first);
        out += indent >= 0 ? ": " : ":";
        write(out, o[i].second, indent, depth + 1);
      }
      if (indent >= 0) newline(out, indent, depth);
      out += '}';
      return;
    }
  }
}

}  // namespace

Value parse(std::string_view text) { return Parser(text).parse_document(); }

std::string dump(const Value& value, int indent) {
  std::string out;
  write(out, value, indent, 0);
  return out;
}

std::string quote(std::string_view s) {
  std::string out;
  append_quoted(out, s);
  return out;
}

// ---------------------------------------------------------------------------
// Reader

void Reader::fail(const std::string& message) const {
  if (path_.empty()) throw AccessError(message);
  throw AccessError(message + " at " + text::quoted(path_));
}

void Reader::expect(Type t, const char* expected) const {
  Type have = v_->type();
  bool ok = have == t || (t == Type::Int && have == Type::UInt);
  if (!ok) {
    if (path_.empty()) fail(std::string("expected ") + expected + ", got " + describe(*v_));
    throw AccessError(std::string("expected ") + expected + " at " + text::quoted(path_) + ", got " + describe(*v_));
  }
}

Reader Reader::at(std::string_view key) const {
  expect(Type::Object, "object");
  const Value* child = v_->find(key);
  if (!child) fail("missing key " + text::quoted(key));
  return Reader(*child, path_.empty() ? std::string(key) : path_ + "." + std::string(key));
}

Reader Reader::at(std::size_t index) const {
  expect(Type::Array, "array");
  const Array& a = v_->get_array();
  if (index >= a.size()) {
    fail("index " + std::to_string(index) + " out of range (array of " + std::to_string(a.size()) + ")");
  }
  return Reader(a[index], path_ + "[" + std::to_string(index) + "]");
}

std::optional<Reader> Reader::find(std::string_view key) const {
  expect(Type::Object, "object");
  const Value* child = v_->find(key);
  if (!child) return std::nullopt;
  return Reader(*child, path_.empty() ? std::string(key) : path_ + "." + std::string(key));
}

bool Reader::contains(std::string_view key) const {
  expect(Type::Object, "object");
  return v_->contains(key);
}

std::size_t Reader::size() const {
  if (!v_->is_array() && !v_->is_object()) expect(Type::Array, "array or object");
  return v_->size();
}

std::vector<std::string> Reader::keys() const {
  expect(Type::Object, "object");
  std::vector<std::string> out;
  for (const Member& m : v_->get_object()) out.push_back(m.first);
  return out;
}

bool Reader::get_bool() const {
  expect(Type::Bool, "boolean");
  return v_->get_bool();
}

int64_t Reader::get_int() const {
  expect(Type::Int, "integer");
  if (v_->is_uint64_only()) fail("integer " + std::to_string(v_->get_uint64()) + " does not fit in a signed 64-bit integer");
  return v_->get_int();
}

int64_t Reader::get_int(int64_t lo, int64_t hi) const {
  int64_t v = get_int();
  if (v < lo || v > hi) {
    fail("value " + std::to_string(v) + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

uint64_t Reader::get_uint64() const {
  expect(Type::Int, "non-negative integer");
  if (!v_->is_uint64_only() && v_->get_int() < 0) {
    if (path_.empty()) fail("expected non-negative integer, got integer " + std::to_string(v_->get_int()));
    throw AccessError("expected non-negative integer at " + text::quoted(path_) + ", got integer " + std::to_string(v_->get_int()));
  }
  return v_->get_uint64();
}

double Reader::get_double() const {
  if (!v_->is_number()) expect(Type::Double, "number");
  return v_->get_double();
}

const std::string& Reader::get_string() const {
  expect(Type::String, "string");
  return v_->get_string();
}

}  // namespace gs::json
