#include "rating_text.hpp"

#include <cmath>

#include <fmt/format.h>

#include "json.hpp"

namespace pyr {

namespace {
int percent(double x) { return static_cast<int>(std::lround(x * 100)); }

// Four decimals: the interval is wider than that by far.
double rounded(double x) { return std::round(x * 1e4) / 1e4; }

const char* verdict_word(SolveOutcome o) {
    return o == SolveOutcome::Won ? "won" : o == SolveOutcome::NoSolution ? "lost" : "unknown";
}
}  // namespace

std::string rating_text(const Rating& r) {
    if (r.verdict == SolveOutcome::NoSolution) return "lost (no win exists, stock known): no band";
    std::string text = r.verdict == SolveOutcome::GaveUp ? "solver gave up (--node-limit)"
                       : r.fewest_moves                  ? fmt::format("won in {} moves", *r.fewest_moves)
                                                         : "won, fewest moves unknown";
    text += fmt::format("; expert {}/{} ({}%, {}-{}%)", r.wins, r.runs,
                        percent(r.runs ? static_cast<double>(r.wins) / r.runs : 0), percent(r.low), percent(r.high));
    return text + ": " + (r.band ? std::string(band_name(*r.band)) : std::string("no band"));
}

void write_rating(JsonWriter& w, const Rating& r) {
    w.begin_object().key("verdict").value(verdict_word(r.verdict)).key("fewest_moves");
    if (r.fewest_moves) w.value(*r.fewest_moves);
    else w.null();
    w.key("expert");
    if (r.runs == 0) {
        w.null();
    } else {
        w.begin_object().key("runs").value(r.runs).key("wins").value(r.wins).key("samples").value(r.samples);
        w.key("chance").value(rounded(static_cast<double>(r.wins) / r.runs));
        w.key("low").value(rounded(r.low)).key("high").value(rounded(r.high));
        w.end_object();
    }
    w.key("band");
    if (r.band) w.value(band_name(*r.band));
    else w.null();
    w.end_object();
}

}  // namespace pyr
