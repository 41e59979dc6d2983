#pragma once
// The one escaping of text that came from an input (a file's bytes, an id, a host name, a
// path, a command line) before it reaches a terminal, an error message or a report.
// Such text may hold terminal controls: ESC [ 31 m recolours, ESC ] 0 ; ... BEL retitles,
// OSC 52 sets the clipboard; a lone 0x9b is a CSI to some terminals; U+202E reorders what
// follows. Every byte that is not printable, valid UTF-8 is shown as an escape instead:
//   \n \t \r            (unless kept: see EscapeOptions)
//   \xNN                any other byte below 0x20, and each byte of invalid UTF-8
//                       (a stray continuation, an overlong form, a surrogate, > U+10FFFF, a cut sequence)
//   \u007f \u0080..\u009f   DEL and the C1 controls (valid UTF-8, but controls)
//   \u200e \u200f \u2028 \u2029 \u202a..\u202e \u2066..\u2069   bidirectional marks and line separators
// The code points are written \uNNNN, as JSON writes them: a JSON text (which holds no raw C0
// control or invalid UTF-8, those it escapes itself) stays valid JSON after escape_text.
// Outside `quoted`, a backslash is kept as it is, so escaping is idempotent: text escaped once
// (a message quoting another) is not changed by a second pass. The result is printable UTF-8.
#include <cstddef>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace cuzk {

struct EscapeOptions {
  bool quoted = false;         // a value shown inside "...": \ and " escaped as well
  bool keep_newlines = false;  // multi-line text: \n and \t kept (the rest escaped as above)
  std::size_t max_chars = 0;   // 0: all of it; else at most max_chars characters of `s`, then "..."
};

std::string escape_text(std::string_view s, const EscapeOptions& how = {});

// Everything written to `os` while this lives goes through escape_text (newlines and tabs
// kept), a line at a time (a UTF-8 sequence never spans a newline, so none is cut): for the
// text outputs of a program that prints what its inputs hold. Restores `os` when destroyed.
class EscapedStream : private std::streambuf {
public:
  explicit EscapedStream(std::ostream& os);
  ~EscapedStream() override;
  EscapedStream(const EscapedStream&) = delete;
  EscapedStream& operator=(const EscapedStream&) = delete;

private:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;
  void emit(bool all);  // the complete lines of line_ (all: the rest too)

  std::ostream& os_;
  std::streambuf* under_;
  std::string line_;
};

}  // namespace cuzk
