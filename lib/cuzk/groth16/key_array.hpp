#pragma once
// KeyArray<T>: one array of a proving key (points or coefficients) that either owns its
// elements (parsed from a .zkey, made by the setup) or views them in a mapped prepared key
// (cuzk/groth16/prepared_key.hpp), where the bytes are file-backed page cache: no host copy,
// reclaimable under memory pressure. Read access is the same either way; writing is for
// owned arrays only (the parser and the setup fill them).
// A view also says where its bytes lie in the file (KeyFileSpan: the prepared key, open, and
// the byte offset of element 0), so a GPU upload can read them with large, direct reads
// (cuzk/util/section_reader.hpp) instead of faulting the mapping in; owned arrays have none.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "cuzk/util/error.hpp"
#include "cuzk/util/first_touch_allocator.hpp"
#include "cuzk/util/input_file.hpp"

namespace cuzk::groth16 {

// Where a view's elements are in a file: element i at byte offset + i·sizeof(T), in the same
// native layout as in memory. file == nullptr: not known (owned arrays).
struct KeyFileSpan {
  std::shared_ptr<const InputFile> file;  // open read-only (the file that is mapped)
  std::uint64_t offset = 0;
};

template <class T>
class KeyArray {
public:
  KeyArray() = default;
  KeyArray(BigVector<T>&& v) : own_(std::move(v)) { sync(); }  // NOLINT: implicit by design
  KeyArray& operator=(BigVector<T>&& v) {
    own_ = std::move(v);
    keep_.reset();
    src_ = {};
    sync();
    return *this;
  }
  KeyArray(const KeyArray& o) : own_(o.own_), keep_(o.keep_), src_(o.src_), p_(o.p_), n_(o.n_) {
    if (!keep_) sync();
  }
  KeyArray& operator=(const KeyArray& o) {
    if (this != &o) {
      own_ = o.own_;
      keep_ = o.keep_;
      src_ = o.src_;
      p_ = o.p_;
      n_ = o.n_;
      if (!keep_) sync();
    }
    return *this;
  }
  KeyArray(KeyArray&& o) noexcept { *this = std::move(o); }
  KeyArray& operator=(KeyArray&& o) noexcept {
    own_ = std::move(o.own_);
    keep_ = std::move(o.keep_);
    src_ = std::exchange(o.src_, {});
    p_ = o.p_;
    n_ = o.n_;
    if (!keep_) sync();
    o.own_.clear();
    o.p_ = nullptr;
    o.n_ = 0;
    return *this;
  }

  // A view of n elements at p, kept alive by `keep` (the mapping); `src` says where they are
  // in the mapped file, when known.
  static KeyArray view(std::shared_ptr<const void> keep, const T* p, std::size_t n, KeyFileSpan src = {}) {
    KeyArray a;
    a.keep_ = std::move(keep);
    a.src_ = std::move(src);
    a.p_ = p;
    a.n_ = n;
    return a;
  }

  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const T& operator[](std::size_t i) const { return p_[i]; }
  const T* begin() const { return p_; }
  const T* end() const { return p_ + n_; }
  bool is_view() const { return keep_ != nullptr; }
  // Where a view's bytes are in its file (file == nullptr for owned arrays).
  const KeyFileSpan& file_span() const { return src_; }

  // Owned arrays only (the parser, the setup and index_coefficients fill them).
  T* mutable_data() {
    if (keep_) fail(Error::Kind::Internal, "", "KeyArray: a mapped key is read-only");
    return own_.data();
  }
  T& operator[](std::size_t i) { return mutable_data()[i]; }
  void resize(std::size_t n) {
    if (keep_) fail(Error::Kind::Internal, "", "KeyArray: a mapped key is read-only");
    own_.resize(n);
    sync();
  }

private:
  void sync() {
    p_ = own_.data();
    n_ = own_.size();
  }
  BigVector<T> own_;
  std::shared_ptr<const void> keep_;  // set for a view
  KeyFileSpan src_;                   // a view's place in its file, when known
  const T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace cuzk::groth16
