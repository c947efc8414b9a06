// Move logs read from a string, and docs/rules.md's worked example as a log,
// for the tests of the log reader and of the deal reader inside it.
#pragma once
#include <sstream>
#include <string>

#include "formats/deal_format.hpp"
#include "formats/error.hpp"
#include "formats/movelog.hpp"
#include "formats/text.hpp"
#include "lib/rules/game.hpp"

namespace pyr::test {

// The move log in `text`, read as the file `name`.
inline pyr::MoveLog read_log_text(const std::string& text, pyr::RulesCache& cache, const std::string& name = "t.log") {
    std::istringstream in(text);
    pyr::LineReader lines(in, name);
    return pyr::read_log(lines, cache, "");
}

// "file:line:col: message" of the error reading and replaying `text` as a log, or "no error".
inline std::string log_error(const std::string& text, pyr::Severity* severity = nullptr) {
    pyr::RulesCache cache;
    try {
        const pyr::MoveLog log = read_log_text(text, cache);
        pyr::Game game(*log.deal.rules, log.deal.deal);
        pyr::replay(log, game);
    } catch (const pyr::InputError& e) {
        if (severity) *severity = e.severity;
        return e.format();
    }
    return "no error";
}

// The worked example of docs/rules.md, as examples/worked-example.log has it (less comments).
inline const std::string WorkedExample = R"(pyramide-log 1
variant traditional
pyramid
              8D
            6D  6S
          AD  6C  3D
        KH  AC  TC  3C
      QS  3S  7C  7H  KC
    9D  TD  7S  6H  JS  5H
  KS  QH  7D  JC  2D  5S  9C
stock
  4D TS 3H 8S AS QD JH 8C
  TH 4H 2C JD 5C 2H 9S AH
  4S 8H KD 2S 4C 5D 9H QC
moves
KS
JC 2D
7D 6H
draw
9C 4D
draw
draw
TS 3H
)";

}  // namespace pyr::test
