// round standings: every player's logs in a round's folder, each replayed and
// checked against the round's frozen deals (cards, not only seeds) and its
// time stamps, then ranked: deals won, total score (scored variants), fewest
// moves, least time. A player with a log that fails is listed, not ranked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/round.hpp"

namespace pyr::cmd {

struct DealResult {
    int games = 0;           // logs of this deal (attempts started)
    bool finished = false;   // won, or every attempt ended
    bool won = false;
    int score = 0;           // the best of the finished games (scored variants)
    int moves = 0;           // of the game counted: the first won, else the last
    std::int64_t ms = 0;     // its time, first stamp to last
};

struct Standing {
    std::string player;
    std::string invalid;  // the first failure, "FILE:LINE: why"; empty when every log is good
    std::vector<DealResult> deals;  // one a deal of the round
    int finished = 0, won = 0, score = 0, moves = 0;
    std::int64_t ms = 0;
    int hints = 0, undos = 0, redos = 0;
    std::optional<int> place;  // 1, 2, ...: equal results share a place; none when invalid
};

// Every player folder of the round's log folder, ranked (invalid ones last, by name).
std::vector<Standing> round_standings(const RoundFolder& round);

// One player's logs: their folder's, read and checked as above.
Standing player_standing(const RoundFolder& round, const std::string& player);

std::string standings_text(const RoundFolder& round, const std::vector<Standing>& s);
std::string standings_json(const RoundFolder& round, const std::vector<Standing>& s);
std::string standings_csv(const RoundFolder& round, const std::vector<Standing>& s);

}  // namespace pyr::cmd
