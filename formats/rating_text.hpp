// A deal's rating (lib/players/rating.hpp) for people and for programs: one line of
// text, and a JSON object, the same in `rate` and in `deal --difficulty`.
#pragma once
#include <string>

#include "lib/players/rating.hpp"

namespace pyr {

class JsonWriter;

// "won in 52 moves; expert 9/16 (56%, 33-77%): medium": the expert won 9 of its 16 games
std::string rating_text(const Rating& r);
// {"verdict":"won","fewest_moves":52,"expert":{"runs":16,"wins":9,"samples":16,
//  "chance":0.5625,"low":..,"high":..},"band":"medium"}; "expert" is null for a
// deal proved lost, fewest_moves and band are null when not known.
void write_rating(JsonWriter& w, const Rating& r);

}  // namespace pyr
