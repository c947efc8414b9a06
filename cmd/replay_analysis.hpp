// replay --analyse: a played game move by move, the solver's verdict and the
// expert's counts before and after each move (lib/players/analysis.hpp), as text or JSON.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/error.hpp"
#include "formats/movelog.hpp"
#include "lib/rules/game.hpp"

namespace pyr {
class JsonWriter;
}

namespace pyr::cmd {

struct AnalysisOptions {
    bool json = false;
    int expert_samples = 32;
    std::uint64_t expert_seed = 0;
    std::uint64_t node_limit = 0;  // of the solver's verdicts; 0 = never give up
};

// Analyses the log's moves up to the first illegal one; the exit status is
// replay's (0 won, 1 lost, unfinished or an illegal move).
int run_analysis(const MoveLog& log, const std::string& file, const std::vector<InputError>& warnings,
                 const AnalysisOptions& o);

// The result line of replay's text form: "result: won (...), 0 cards left, score 50".
std::string result_text(const Game& game);
// The same in replay's JSON, then its warnings and the illegal move's error
// object, if any: the keys that end both replay's object and the analysis'.
void write_result_json(JsonWriter& w, const Game& game, const std::vector<InputError>& warnings,
                       const std::optional<InputError>& illegal);

}  // namespace pyr::cmd
