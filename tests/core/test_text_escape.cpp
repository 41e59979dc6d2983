// escape_text and EscapedStream (lib/cuzk/util/text_escape.hpp, issue 45): what each kind of
// hostile byte becomes, that printable text passes unchanged, and the stream's line handling.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "cuzk/util/text_escape.hpp"

using cuzk::escape_text;
using cuzk::EscapeOptions;

TEST_CASE("escape_text: terminal controls, invalid UTF-8 and bidi marks are shown, text kept") {
  CHECK(escape_text("h\x1b]0;title\a\x1b[31m") == "h\\x1b]0;title\\x07\\x1b[31m");
  CHECK(escape_text("a\nb\tc\rd") == "a\\nb\\tc\\rd");
  CHECK(escape_text(std::string("n\0l", 3)) == "n\\x00l");
  CHECK(escape_text("del\x7f") == "del\\u007f");
  CHECK(escape_text("c1 \xc2\x9b" "2J") == "c1 \\u009b2J");                    // U+009B, a CSI
  CHECK(escape_text("rlo \xe2\x80\xae!") == "rlo \\u202e!");                 // U+202E
  CHECK(escape_text("\xff\xfe") == "\\xff\\xfe");                            // not UTF-8
  CHECK(escape_text("\xc0\xaf") == "\\xc0\\xaf");                            // overlong '/'
  CHECK(escape_text("\xed\xa0\x80") == "\\xed\\xa0\\x80");                   // a surrogate
  CHECK(escape_text("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");          // > U+10FFFF
  CHECK(escape_text("cut \xe2\x82") == "cut \\xe2\\x82");                    // a cut sequence
  CHECK(escape_text("\xe2\x82" "A") == "\\xe2\\x82A");                       // ... resynchronised
  const std::string ok = "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80 \xc2\xb5s \\x1b \"q\"";
  CHECK(escape_text(ok) == ok);  // printable UTF-8, backslashes and quotes unchanged
  CHECK(escape_text(escape_text("\x1b\xff\x7f\xe2\x80\xae")) == escape_text("\x1b\xff\x7f\xe2\x80\xae"));
}

TEST_CASE("escape_text: quoted values, kept newlines, the length cut") {
  EscapeOptions q;
  q.quoted = true;
  CHECK(escape_text("a\"b\\c\x1b", q) == "a\\\"b\\\\c\\x1b");
  EscapeOptions keep;
  keep.keep_newlines = true;
  CHECK(escape_text("l1\n\tl2\r\x1b", keep) == "l1\n\tl2\\r\\x1b");
  EscapeOptions cut;
  cut.max_chars = 3;
  CHECK(escape_text("ab\xc3\xa9" "def", cut) == "ab\xc3\xa9...");  // characters, not bytes
  CHECK(escape_text("abc", cut) == "abc");
}

TEST_CASE("EscapedStream: everything written goes out escaped, whole lines and the rest") {
  std::ostringstream sink;
  {
    cuzk::EscapedStream e(sink);
    sink << "host h\x1b]0;t\a" << 42 << "\n";
    sink << "\xe2\x86";  // a sequence split across two writes of one line stays whole
    sink << "\x92 end\tx";
  }  // the unfinished last line is written when the stream is given back
  CHECK(sink.str() == "host h\\x1b]0;t\\x0742\n\xe2\x86\x92 end\tx");
  sink << "\x1b";  // given back: no longer escaped
  CHECK(sink.str().back() == '\x1b');
}
