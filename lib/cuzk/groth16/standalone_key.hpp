#pragma once
// Standalone prepared keys: a prepared key (prepared_key.hpp: the mapped layout the prover
// uses) that is itself the key, with no .zkey behind it. Test-only keys made natively
// (`cuzk-prove gen-porep --prepared`, `gen-chain --prepared`) are written this way straight
// from the setup's memory, so a key too big to sit on a disk twice (a 2^26 .zkey beside its
// prepared copy) is written once and never parsed.
//
// The file is the prepared layout (kPreparedLayout, unchanged) with every check of a cache
// entry: magic, layout version, curve, element sizes, header digest, counts against the
// header, offsets, padding, file size, every array's checksum. Its fingerprint field, which
// in a cache entry ties the entry to its .zkey (size, mtime, inode, digests), holds size 0 and
// the tag "cuzk standalone: no .zkey" instead. So a cache entry is never accepted as a
// standalone key (refused: it is only valid beside the .zkey it tracks, pass that .zkey),
// and a standalone key put where a cache entry is expected is not used (and rebuilt).
//
// Every command that takes a key takes either kind where the .zkey goes; the file is told by
// its first 8 bytes (the prepared key magic), never by its name. Errors throw cuzk::Error
// naming the file: BadInput for a key that fails a check, Io for one that cannot be read.
#include <string>

#include "cuzk/groth16/zkey.hpp"

namespace cuzk::groth16 {

// True when `path` is a regular file that starts with the prepared key magic (no other kind
// of file is opened: a FIFO, a folder or a missing file answers false and is then refused by
// the .zkey reader with its own message).
bool is_prepared_key_file(const std::string& path);

// The curve of the key at `path`: a prepared key's header field (layout and curve checked;
// the rest is checked when it is read), else zkey_curve(path).
CurveId key_curve(const std::string& path);

// Writes pk as a standalone prepared key at `out` atomically (temp file + rename: a failure,
// such as a full disk, leaves nothing behind), array by array from pk's own memory (no copy).
// pk must be a complete, indexed key (setup::generate_key's or read_zkey's). Throws Error(Io).
template <class E>
void write_standalone_key(const ProvingKey<E>& pk, const std::string& out);

// The standalone key at `path`, mapped (arrays are views of the file) after every check, or
// with the point arrays' content checks deferred (prepared_key.hpp: defer_point_checks).
template <class E>
ProvingKey<E> read_standalone_key(const std::string& path, bool defer_point_checks = false);

// Either kind of key, by content: a standalone prepared key (read_standalone_key) or a .zkey
// (read_zkey with `opt`; a parsed key has nothing deferred).
template <class E>
ProvingKey<E> read_key(const std::string& path, const ZkeyOptions& opt = {}, bool defer_point_checks = false);
// The header and IC only, of either kind (read_zkey_header for a .zkey; a standalone key's
// header checks and IC's checksum, the big arrays are not read).
template <class E>
ProvingKey<E> read_key_header(const std::string& path);

}  // namespace cuzk::groth16
