// A small JSON value type with a strict parser and a serializer, used by the
// engines' to_json / from_json (saving, loading and hand-editing positions).
//
//   gs::json::Value v = gs::json::parse(text);          // throws ParseError (line:column)
//   int64_t n = v.at("round").get_int();                 // throws AccessError ("missing key 'round'")
//   std::string s = gs::json::dump(v);                   // compact; dump(v, 2) pretty-prints
//
// For from_json code that wants errors naming the full path
// ("expected integer at 'players[1].tableau[2]', got string \"x\""), walk the
// document with a Reader:
//
//   gs::json::Reader r(v);
//   int64_t card = r.at("players").at(1).at("tableau").at(2).get_int();
//
// Numbers: integers are kept exactly as int64; integers above INT64_MAX and up
// to UINT64_MAX (e.g. 64-bit seeds and RNG states) are kept exactly as uint64;
// anything with a fraction or an exponent is a double. Integer literals outside
// [INT64_MIN, UINT64_MAX] are rejected rather than silently rounded.
// Objects keep their members in insertion order; duplicate keys are rejected
// by the parser. Strings are UTF-8 and are validated.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace gs::json {

// Base of every error this module throws.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Malformed JSON text. what() reads "JSON parse error at line L, column C: ...".
// Line and column are 1-based; the column counts bytes.
class ParseError : public Error {
 public:
  ParseError(const std::string& message, std::size_t line, std::size_t column, std::size_t offset);
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  std::size_t offset() const { return offset_; }  // 0-based byte offset into the input
  const std::string& message() const { return message_; }  // without the position prefix

 private:
  std::string message_;
  std::size_t line_, column_, offset_;
};

// Wrong type, missing key, index out of range, integer out of range.
class AccessError : public Error {
 public:
  using Error::Error;
};

enum class Type : uint8_t { Null, Bool, Int, UInt, Double, String, Array, Object };

// "null", "boolean", "integer", "integer", "number", "string", "array", "object".
const char* type_name(Type t);

class Value;
using Array = std::vector<Value>;
using Member = std::pair<std::string, Value>;
using Object = std::vector<Member>;

class Value {
 public:
  Value() = default;  // null
  Value(std::nullptr_t) {}
  Value(bool b) : v_(b) {}
  // Any integer type except bool. Unsigned values above INT64_MAX are stored as uint64.
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  Value(T n) {
    if constexpr (std::is_signed_v<T>) {
      v_ = static_cast<int64_t>(n);
    } else if (static_cast<uint64_t>(n) > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      v_ = static_cast<uint64_t>(n);
    } else {
      v_ = static_cast<int64_t>(n);
    }
  }
  Value(double d) : v_(d) {}
  Value(float f) : v_(static_cast<double>(f)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(std::string_view s) : v_(std::string(s)) {}
  Value(Array a) : v_(std::move(a)) {}
  Value(Object o) : v_(std::move(o)) {}

  static Value object() { return Value(Object{}); }
  static Value array() { return Value(Array{}); }

  Type type() const { return static_cast<Type>(v_.index()); }
  const char* type_name() const { return json::type_name(type()); }

  bool is_null() const { return type() == Type::Null; }
  bool is_bool() const { return type() == Type::Bool; }
  // True for every integer, including those above INT64_MAX (see is_uint64_only).
  bool is_int() const { return type() == Type::Int || type() == Type::UInt; }
  // Only integers above INT64_MAX.
  bool is_uint64_only() const { return type() == Type::UInt; }
  bool is_double() const { return type() == Type::Double; }
  bool is_number() const { return is_int() || is_double(); }
  bool is_string() const { return type() == Type::String; }
  bool is_array() const { return type() == Type::Array; }
  bool is_object() const { return type() == Type::Object; }

  // Typed getters: throw AccessError("expected integer, got string \"abc\"") on a type mismatch.
  bool get_bool() const;
  int64_t get_int() const;        // also throws for integers above INT64_MAX
  uint64_t get_uint64() const;    // any integer in [0, UINT64_MAX]
  double get_double() const;      // integers convert
  const std::string& get_string() const;
  const Array& get_array() const;
  Array& get_array();
  const Object& get_object() const;
  Object& get_object();

  // Object access. at() throws AccessError "missing key 'hands'"; find() returns nullptr.
  const Value& at(std::string_view key) const;
  Value& at(std::string_view key);
  const Value* find(std::string_view key) const;
  Value* find(std::string_view key);
  bool contains(std::string_view key) const { return find(key) != nullptr; }
  // Inserts or replaces; returns the stored value. Throws unless this is an object.
  Value& set(std::string key, Value value);
  // Removes a member if present; returns whether it was there.
  bool erase(std::string_view key);

  // Array access. at() throws AccessError "index 5 out of range (array of 3)".
  const Value& at(std::size_t index) const;
  Value& at(std::size_t index);
  // Appends; returns the stored value. Throws unless this is an array.
  Value& push_back(Value value);

  // Number of elements / members; 0 for scalars.
  std::size_t size() const;
  bool empty() const { return size() == 0; }

  // Deep equality. Types must match (1 and 1.0 differ); object member order matters.
  friend bool operator==(const Value& a, const Value& b) { return a.v_ == b.v_; }
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

 private:
  friend class Reader;
  std::variant<std::nullptr_t, bool, int64_t, uint64_t, double, std::string, Array, Object> v_;
};

// Parses one JSON document (leading/trailing whitespace allowed, nothing else).
// Nesting deeper than kMaxDepth arrays/objects is a ParseError, not a crash.
inline constexpr int kMaxDepth = 512;
Value parse(std::string_view text);
inline Value parse(const std::string& text) { return parse(std::string_view(text)); }
inline Value parse(const char* text) { return parse(std::string_view(text)); }

// Serializes. indent < 0: compact, no whitespace at all. indent >= 0: one member
// or element per line, indented by `indent` spaces per level ("key": value).
// Strings are escaped (\" \\ \b \f \n \r \t, other control characters as \u00XX);
// non-ASCII UTF-8 is written as is. Doubles are written in the shortest form that
// reads back to the same value and always carry a '.' or an exponent.
// Throws Error for NaN / infinity and for strings that are not valid UTF-8.
std::string dump(const Value& value, int indent = -1);

// Escapes and quotes one string as dump() would.
std::string quote(std::string_view s);

// A view of a Value that remembers its path from the root, so that every error
// names where it happened: "missing key 'hands' at 'players[2]'",
// "expected integer at 'players[2].tableau[0]', got string \"Old Earth\"",
// "value 9 at 'num_players' out of range [1, 6]".
// A Reader refers to the Value it views; keep the document alive while using it.
class Reader {
 public:
  explicit Reader(const Value& v, std::string path = "") : v_(&v), path_(std::move(path)) {}

  const Value& value() const { return *v_; }
  // "" for the root; otherwise like "players[2].tableau".
  const std::string& path() const { return path_; }
  Type type() const { return v_->type(); }

  bool is_null() const { return v_->is_null(); }
  bool is_bool() const { return v_->is_bool(); }
  bool is_int() const { return v_->is_int(); }
  bool is_number() const { return v_->is_number(); }
  bool is_string() const { return v_->is_string(); }
  bool is_array() const { return v_->is_array(); }
  bool is_object() const { return v_->is_object(); }

  Reader at(std::string_view key) const;
  Reader at(std::size_t index) const;
  std::optional<Reader> find(std::string_view key) const;
  bool contains(std::string_view key) const;
  // Number of elements / members; throws unless an array or object.
  std::size_t size() const;
  // Member keys in order; throws unless an object.
  std::vector<std::string> keys() const;

  bool get_bool() const;
  int64_t get_int() const;
  // Integer in [lo, hi] inclusive.
  int64_t get_int(int64_t lo, int64_t hi) const;
  uint64_t get_uint64() const;
  double get_double() const;
  const std::string& get_string() const;

  // Throws AccessError "<message> at '<path>'" (or just "<message>" at the root).
  [[noreturn]] void fail(const std::string& message) const;

 private:
  void expect(Type t, const char* expected) const;
  const Value* v_;
  std::string path_;
};

}  // namespace gs::json
