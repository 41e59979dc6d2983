// The dispatcher: one thread admits the partitions in (sector seq, partition) order, so a later
// sector never overtakes an earlier one: refused sectors, the sector lock, the --resume check,
// then the key lease and the limiter's permit (which may wait), then the graph.
#include <memory>
#include <string>

#include "cuzk/pipeline/batch_impl.hpp"
#include "cuzk/pipeline/sector_ledger.hpp"

namespace cuzk::pipeline::detail {

void Batch::start_sector(SectorState& s) {
  if (s.started) return;
  s.started = true;
  ev.emit(events::SectorStart{s.name(), s.seq, unsigned(s.spec.partitions())});
}

void Batch::dispatch(std::vector<std::unique_ptr<SectorState>>& sectors) {
  for (auto& sp : sectors) {
    SectorState& s = *sp;
    if (!s.error.empty()) {
      start_sector(s);
      emit_error(s, std::nullopt, s.error);
      end_sector(s, events::SectorStatus::Failed, /*refused=*/true);
      failures += unsigned(s.spec.partitions());  // known partitions (0 for an unreadable file)
      continue;
    }
    const std::uint64_t need = s.key_bytes + s.footprint + s.sector_bytes;
    const bool never_fits = need > cfg.mem_budget;
    // Another batch proving this sector into the same DIR goes first (out_lock.hpp); its
    // temp files are removed only while the sector is ours.
    std::string lock_error;
    try {
      s.ledger->claim();
    } catch (const std::exception& e) {
      lock_error = e.what();
    }
    for (unsigned i = 0; i < s.spec.partitions(); ++i) {
      start_sector(s);
      std::string problem;
      bool overwrite = false;
      if (!lock_error.empty()) {
        problem = lock_error;
      } else if (never_fits) {
        problem = "needs " + std::to_string(need) + " bytes (key " + std::to_string(s.key_bytes) + " + partition " +
                  std::to_string(s.footprint) +
                  (s.sector_bytes ? " + " + s.sector_what + " " + std::to_string(s.sector_bytes) : std::string()) +
                  ") but --mem-budget is " + std::to_string(cfg.mem_budget) + " bytes" +
                  (cfg.mem_budget_source.rfind("auto", 0) == 0 ? " (" + cfg.mem_budget_source + ")" : std::string()) +
                  ": it can never be admitted";
      } else if (cfg.resume) {
        Existing e = s.ledger->check(i, s.vk, [&] { return s.source->current_inputs(i); });
        if (e.state == Existing::State::Valid) {
          ev.emit(events::Skip{s.spec.id, i, s.seq, "resume: a valid proof exists"});
          keys.forget(s.spec.zkey);
          partition_done(s, i, e.proof, true);
          continue;
        }
        if (e.state == Existing::State::Invalid) {
          ev.emit(events::Redo{{s.spec.id, i, s.seq, e.reason}});
          overwrite = true;
          s.redone++;
        }
      } else if (s.ledger->has_outputs(i)) {
        problem = proof_json_path(cfg.out_dir, s.spec.id, i) +
                  " already exists: not overwritten (pass --resume to keep finished proofs, or use another --out)";
      }
      if (problem.empty()) {
        auto j = std::make_shared<Partition>();
        j->sector = &s;
        j->part = i;
        j->source = s.spec.source(i);
        j->overwrite = overwrite;
        try {
          j->key = KeyLease::admit(keys, s.spec.zkey);  // may wait for (or evict) key memory
          if (s.sector_bytes && !s.sector_charged) {  // once per sector, freed when it ends
            lim.acquire(s.sector_bytes, false, [&] { return keys.evict_one(); });
            s.sector_charged = true;
          }
          j->permit = Permit::acquire(lim, s.footprint, [&] { return keys.evict_one(); });
        } catch (const std::exception& e) {
          problem = e.what();
        }
        if (problem.empty()) {
          submit(j);
          continue;
        }
        emit_error(s, i, problem);
        j.reset();  // gives back the key pin
        partition_done(s, i, std::nullopt, false);
        continue;
      }
      keys.forget(s.spec.zkey);
      emit_error(s, i, problem);
      partition_done(s, i, std::nullopt, false);
    }
  }
}

}  // namespace cuzk::pipeline::detail
