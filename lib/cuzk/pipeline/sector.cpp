#include "cuzk/pipeline/sector.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/text_escape.hpp"

namespace cuzk::pipeline {

namespace fs = std::filesystem;

bool valid_sector_id(const std::string& id) {
  if (id.empty() || id.size() > 128 || id == "." || id == "..") return false;
  if (id.rfind(".cuzk-", 0) == 0) return false;  // reserved: the batch's own temp files
  for (char ch : id) {
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
              ch == '_' || ch == '-';
    if (!ok) return false;
  }
  return true;
}

std::string printable(std::string_view s, std::size_t max_chars) {
  EscapeOptions how;
  how.quoted = true;
  how.max_chars = max_chars;
  return escape_text(s, how);
}

namespace {

std::string resolve(const fs::path& base, const std::string& p) {
  fs::path q(p);
  return (q.is_absolute() ? q : base / q).lexically_normal().string();
}

const nlohmann::json& field(const nlohmann::json& j, const char* name, const std::string& file, const char* where) {
  auto it = j.find(name);
  if (it == j.end()) fail(Error::Kind::BadInput, file, std::string(where) + ": missing field \"" + name + "\"");
  return *it;
}

std::string string_field(const nlohmann::json& j, const char* name, const std::string& file, const char* where) {
  const auto& v = field(j, name, file, where);
  if (!v.is_string() || v.get_ref<const std::string&>().empty())
    fail(Error::Kind::BadInput, file, std::string(where) + ": \"" + name + "\" must be a non-empty string");
  return v.get<std::string>();
}

}  // namespace

SectorSpec parse_sector(const std::string& text, const std::string& path) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for a number like 1e4444
    fail(Error::Kind::BadInput, path, std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) fail(Error::Kind::BadInput, path, "a sector file must be a JSON object");
  SectorSpec s;
  s.file = path;
  fs::path base = fs::path(path).parent_path();
  s.id = string_field(j, "sector", path, "sector file");
  if (!valid_sector_id(s.id))
    fail(Error::Kind::BadInput, path,
         "\"sector\": \"" + printable(s.id) +
             "\" is not a valid id (1..128 characters of A-Z a-z 0-9 . _ -, not . or .., not starting with .cuzk-; "
             "it names files)");
  s.zkey = resolve(base, string_field(j, "zkey", path, "sector file"));
  const auto& parts = field(j, "partitions", path, "sector file");
  if (!parts.is_array() || parts.empty())
    fail(Error::Kind::BadInput, path, "\"partitions\" must be a non-empty array");
  if (auto nat = j.find("native"); nat != j.end()) {
    auto bad = [&](const std::string& m) { fail(Error::Kind::BadInput, path, "\"native\": " + m); };
    if (!nat->is_object()) bad("must be an object");
    if (string_field(*nat, "circuit", path, "native") != "porep-lite") bad("unknown circuit (supported: porep-lite)");
    const auto& d = field(*nat, "depth", path, "native");
    const auto& k = field(*nat, "challenges", path, "native");
    // Range-checked in the type JSON holds them in (64-bit), never after a narrowing cast:
    // 4294967297 is not depth 1.
    if (!d.is_number_unsigned() || d.get<std::uint64_t>() < 1 || d.get<std::uint64_t>() > 40)
      bad("\"depth\" must be an integer 1..40, not " + printable(d.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
    if (!k.is_number_unsigned() || k.get<std::uint64_t>() < 1 || k.get<std::uint64_t>() > (1u << 24))
      bad("\"challenges\" must be an integer 1..16777216, not " +
          printable(k.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
    SectorSpec::Native n;
    n.depth = unsigned(d.get<std::uint64_t>());
    n.challenges = k.get<std::uint32_t>();
    n.replica = resolve(base, string_field(*nat, "replica", path, "native"));
    for (std::size_t i = 0; i < parts.size(); ++i) {
      std::string where = "partitions[" + std::to_string(i) + "]";
      const auto& cs = parts[i].is_object() ? field(parts[i], "challenge_seed", path, where.c_str()) : parts[i];
      if (!cs.is_number_unsigned())
        fail(Error::Kind::BadInput, path, where + " must be an object {\"challenge_seed\": N} (N ≥ 0)");
      n.challenge_seeds.push_back(cs.get<std::uint64_t>());
    }
    s.native = std::move(n);
    return s;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::string where = "partitions[" + std::to_string(i) + "]";
    if (!parts[i].is_object()) fail(Error::Kind::BadInput, path, where + " must be an object {\"witness\": PATH}");
    s.witnesses.push_back(resolve(base, string_field(parts[i], "witness", path, where.c_str())));
  }
  return s;
}

SectorSpec read_sector_file(const std::string& path) { return parse_sector(read_file(path), path); }

}  // namespace cuzk::pipeline
