// The name of the game on the table (game_name.hpp).
#include "game_name.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "formats/error.hpp"

namespace pyr::cmd::play {

namespace {
std::string base_name(const std::string& path) { return printable(std::filesystem::path(path).filename().string()); }
}  // namespace

GameName game_name(const Table& t, const DealSource& deals, int k, int games) {
    GameName n;
    n.variant = printable(t.rules().variant.name);
    if (const PysolfcNumber* p = deals.pysolfc_game(k)) n.deal = "PySolFC game " + p->decimal();
    else if (!deals.deal_file().empty()) n.deal = fmt::format("deal {} of {}", k, base_name(deals.deal_file()));
    else if (t.deal().has_seed) n.deal = fmt::format("seed {}", t.deal().seed);
    else if (t.log().active()) n.deal = base_name(t.log().path());
    else n.deal = "a deal without a seed";
    if (games > 1) n.series = fmt::format("game {}/{}", k, games);
    return n;
}

}  // namespace pyr::cmd::play
