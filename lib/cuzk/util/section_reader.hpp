#pragma once
// SectionReader: one byte range of a file read in large chunks by several threads (pread) into
// buffers the caller provides (a GPU backend's page-locked staging), handing each chunk to the
// caller as it arrives, so the caller packs or copies it and queues its upload while the next
// chunks are read. Made for a prepared key's sections (12 GB at 2^24): no page faults on a
// mapping, and a key that is not in the page cache streams at the disk's rate.
//
// Chunks: chunk c is the bytes [offset + c·chunk_bytes, min(offset + (c+1)·chunk_bytes, end));
// thread t of T reads the chunks t, t + T, t + 2T, ... in that order, each into the next of its
// own buffers (buffers.size() / T of them, used in turn), and calls on_chunk on its own thread
// with the chunk at the start of the buffer. Before it fills a buffer again it calls
// before_reuse(buffer) (the caller waits there for what it queued from that buffer, e.g. an
// asynchronous copy). Every byte of the range is handed over exactly once; chunks of different
// threads arrive in any order (SectionChunk says which one it is).
//
// Buffered or direct: a range whose pages are mostly in the page cache (mincore() on a mapping
// of it) is read with plain pread; one that mostly is not is read with O_DIRECT (the reads and
// buffers 4096-aligned, a chunk's unaligned head or tail read with its aligned neighbours and
// moved into place), so a cold key streams at the disk's rate without filling memory with its
// pages. Options force either path. mincore() tells the page cache's state only for files the
// caller owns or may write (Linux ≥ 5.2; a key cache is the user's own); for others it reports
// few pages and the range is read direct, which is correct, only not cached.
//
// Errors: a short read (the file shrank), EIO, a range past the file's end: one Error(Io)
// naming the file. When on_chunk or before_reuse throws, the other threads stop after their
// current chunk, and the first exception is rethrown once every thread has been joined.
// One read() at a time per reader (the caller's upload lock); the file stays open (RAII).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "cuzk/util/input_file.hpp"

namespace cuzk {

struct SectionReadOptions {
  enum class Mode { Auto, Buffered, Direct };
  Mode mode = Mode::Auto;
  unsigned threads = 4;       // reading threads (at most one per buffer, one per chunk)
  double min_resident = 0.5;  // Auto: buffered when at least this share of the range's pages is cached
};

struct SectionChunk {
  std::size_t index = 0;      // chunk number, 0 = the one at the range's start
  std::uint64_t offset = 0;   // file offset of its first byte
  std::uint8_t* data = nullptr;  // = buffers[buffer]: the chunk starts at the buffer's first byte
  std::size_t bytes = 0;
  unsigned buffer = 0;        // which of the caller's buffers holds it
};

// What a read() did (for the key_upload event and the person watching).
struct SectionReadReport {
  std::uint64_t bytes = 0;    // bytes handed to the caller (the range's length)
  double seconds = 0;         // wall time of the read() call, callbacks included
  double read_seconds = 0;    // time the threads spent in pread, summed over the threads
  bool direct = false;        // read with O_DIRECT
  double resident = -1;       // share of the range's pages in the page cache at the start (-1: not asked)
};

class SectionReader {
public:
  static constexpr std::size_t kAlign = 4096;         // O_DIRECT's offsets, lengths and buffers
  static constexpr std::size_t kSlack = 2 * kAlign;   // buffer bytes beyond a chunk that a direct read may need
  using ChunkFn = std::function<void(const SectionChunk&)>;
  using ReuseFn = std::function<void(unsigned buffer)>;

  // Reads `file` (shared: the views of a prepared key keep it open). Opens nothing yet.
  explicit SectionReader(std::shared_ptr<const InputFile> file);
  // Opens `path` (InputFile's checks: a FIFO, a folder or a device is refused at once).
  explicit SectionReader(const std::string& path);

  // Reads [offset, offset + length) as above. Each buffer holds buffer_bytes ≥ chunk_bytes +
  // kSlack bytes (direct reads: kAlign-aligned buffers; Auto reads unaligned ones buffered).
  // before_reuse may be empty. Returns once every chunk has been handed over.
  SectionReadReport read(std::uint64_t offset, std::uint64_t length, std::size_t chunk_bytes,
                         std::span<std::uint8_t* const> buffers, std::size_t buffer_bytes, const ChunkFn& on_chunk,
                         const ReuseFn& before_reuse = {}, const SectionReadOptions& options = {}) const;

  // Share of the pages of [offset, offset + length) in the page cache now (0 … 1; 1 for an empty range).
  // Through a mapping of its own: for a file this process may not write, Linux (5.2 on) reports no
  // page cache state that way (0), so a caller that already maps the range asks
  // mapped_resident_fraction instead.
  double resident_fraction(std::uint64_t offset, std::uint64_t length) const;

  const std::string& path() const { return file_->path(); }

  // Share of the pages of [p, p + bytes), a range of this process's own file mapping, that are
  // resident (0 … 1; 1 for an empty range; 0 when the kernel will not say). For a file this process
  // may not write, Linux (5.2 on) counts only pages mapped in this process: after a pass that touched
  // every page (a prepared key's check), those are the pages still in memory for it — what matters
  // here — where resident_fraction's fresh mapping would count none (a root-owned, read-only key).
  static double mapped_resident_fraction(const void* p, std::size_t bytes);

private:
  std::shared_ptr<const InputFile> file_;
};

}  // namespace cuzk
