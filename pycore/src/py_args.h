// Python arguments checked by the bindings themselves, so that a user's mistake is one line
// naming the argument and what it accepts, not pybind11's list of signatures: an integer is an
// int or anything with __index__ (numpy integers), never a bool or a float; a wrong type is a
// TypeError, a value out of range the game's RulesError (a ValueError).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>
#include <string>

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

inline bool in_range(const py::int_& i, const py::int_& lo, const py::int_& hi) {
  return PyObject_RichCompareBool(lo.ptr(), i.ptr(), Py_LE) == 1 && PyObject_RichCompareBool(i.ptr(), hi.ptr(), Py_LE) == 1;
}

// An integer argument of C type T; Error("<what> must be between lo and hi, not N") outside T's range.
template <class T, class Error>
T int_arg(py::handle v, const std::string& what, T lo = std::numeric_limits<T>::min(),
          T hi = std::numeric_limits<T>::max()) {
  py::int_ i = index_arg(v, what);
  if (!in_range(i, py::int_(lo), py::int_(hi)))
    throw Error(what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", not " +
                repr_of(i));
  return i.cast<T>();
}

// A seed: 0 .. 2**64-1, as a run's seed (sim/config.py).
template <class Error>
uint64_t seed_arg(py::handle v, const std::string& what = "seed") {
  py::int_ i = index_arg(v, what);
  if (!in_range(i, py::int_(0), py::int_(std::numeric_limits<uint64_t>::max())))
    throw Error(what + " must be between 0 and 2**64-1, not " + repr_of(i));
  return i.cast<uint64_t>();
}

// A seat of a game of `players` players; Error("no seat N") otherwise.
template <class Error>
int seat_arg(py::handle v, int players, const std::string& what = "seat") {
  py::int_ i = index_arg(v, what);
  if (!in_range(i, py::int_(0), py::int_(players - 1)))
    throw Error("no seat " + repr_of(i) + " (this game has seats 0 to " + std::to_string(players - 1) + ")");
  return i.cast<int>();
}

// A text argument (str, or UTF-8 bytes); TypeError otherwise, with `hint` after the type.
inline std::string text_arg(py::handle v, const std::string& what, const std::string& hint = "") {
  if (!py::isinstance<py::str>(v) && !py::isinstance<py::bytes>(v))
    throw py::type_error(what + " must be a string, not " + std::string(py::str(py::type::handle_of(v).attr("__name__"))) + hint);
  return v.cast<std::string>();
}

}  // namespace gs::pybind_support
