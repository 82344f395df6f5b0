// Python arguments checked by the bindings themselves, so that a user's mistake is one line
// naming the argument and what it accepts, not pybind11's list of signatures: an integer is an
// int or anything with __index__ (numpy integers), never a bool or a float; a wrong type is a
// TypeError, a value out of range the game's RulesError (a ValueError).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

namespace gs::pybind_support {

namespace py = pybind11;

inline std::string repr_of(py::handle v) { return py::repr(v); }

// `v` as a Python int (int, numpy integer, ...); TypeError for bools, floats, strings, None.
inline py::int_ index_arg(py::handle v, const std::string& what) {
  PyObject* i = PyBool_Check(v.ptr()) ? nullptr : PyNumber_Index(v.ptr());
  if (!i) {
    PyErr_Clear();
    throw py::type_error(what + " must be an integer, not " + repr_of(v));
  }
  return py::reinterpret_steal<py::int_>(i);
}

// The value of a Python int as a long long; `fits` is false when it does not fit (then 0).
inline long long long_long_of(const py::int_& i, bool& fits) {
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  fits = overflow == 0;
  return fits ? x : 0;
}

// An integer argument of C type T; Error("<what> must be between lo and hi, not N") outside T's range.
template <class T, class Error>
T int_arg(py::handle v, const std::string& what, T lo = std::numeric_limits<T>::min(),
          T hi = std::numeric_limits<T>::max()) {
  static_assert(std::is_signed<T>::value && sizeof(T) <= sizeof(long long), "T: a signed type of at most 64 bits");
  py::int_ i = index_arg(v, what);
  bool fits = false;
  const long long x = long_long_of(i, fits);
  if (!fits || x < lo || x > hi)
    throw Error(what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", not " +
                repr_of(i));
  return static_cast<T>(x);
}

// A seed: 0 .. 2**64-1, as a run's seed (sim/config.py).
template <class Error>
uint64_t seed_arg(py::handle v, const std::string& what = "seed") {
  py::int_ i = index_arg(v, what);
  const unsigned long long x = PyLong_AsUnsignedLongLong(i.ptr());  // OverflowError when negative or too large
  if (x == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw Error(what + " must be between 0 and 2**64-1, not " + repr_of(i));
  }
  return x;
}

// A seat of a game of `players` players; Error("no seat N") otherwise.
template <class Error>
int seat_arg(py::handle v, int players, const std::string& what = "seat") {
  py::int_ i = index_arg(v, what);
  bool fits = false;
  const long long x = long_long_of(i, fits);
  if (!fits || x < 0 || x >= players)
    throw Error("no seat " + repr_of(i) + " (this game has seats 0 to " + std::to_string(players - 1) + ")");
  return static_cast<int>(x);
}

// Where a str holds its first lone surrogate ("U+D800 at character 5"): a str that a bad decode
// (errors="surrogateescape") made, which has no UTF-8 form.
inline std::string lone_surrogate(py::handle v) {
  const Py_ssize_t n = PyUnicode_GET_LENGTH(v.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) {
    const Py_UCS4 c = PyUnicode_READ_CHAR(v.ptr(), i);
    if (c >= 0xD800 && c <= 0xDFFF) {
      char code[8];
      std::snprintf(code, sizeof code, "%04X", static_cast<unsigned>(c));
      return std::string("a lone surrogate (U+") + code + ") at character " + std::to_string(i);
    }
  }
  return "no UTF-8 form";
}

// A text argument (str, or UTF-8 bytes); TypeError otherwise, with `hint` after the type; Error for
// a str with a lone surrogate.
template <class Error>
std::string text_arg(py::handle v, const std::string& what, const std::string& hint = "") {
  if (py::isinstance<py::bytes>(v)) return v.cast<std::string>();
  if (!py::isinstance<py::str>(v))
    throw py::type_error(what + " must be a string, not " + std::string(py::str(py::type::handle_of(v).attr("__name__"))) + hint);
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(v.ptr(), &size);
  if (!utf8) {
    PyErr_Clear();
    throw Error(what + " is not valid text: it holds " + lone_surrogate(v));
  }
  return std::string(utf8, static_cast<size_t>(size));
}

}  // namespace gs::pybind_support
