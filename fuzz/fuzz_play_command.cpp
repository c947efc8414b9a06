// Fuzz target: play's command parser (formats/play_commands).
// Invariant: a command parsed and written canonically parses to the same
// command; a refusal says why in text safe to print.
#include <string>

#include "formats/play_commands.hpp"
#include "fuzz_common.hpp"
#include "request_text.hpp"

namespace {

using namespace pyr;

std::string canonical(DeckKind deck, const PlayCommand& c) {
    if (c.kind == CommandKind::Move) return fuzz::request_text(deck, c.move);
    if (c.kind == CommandKind::Nothing) return "#";  // a line holding only a comment
    for (const CommandInfo& info : play_commands())
        if (info.kind == c.kind) return std::string(info.name) + (c.argument.empty() ? "" : " " + c.argument);
    fuzz::fail("a command kind missing from play_commands()");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const DeckKind deck = data[0] % 2 ? DeckKind::Spanish : DeckKind::French;
    // play reads a line at a time, without its newline, and refuses long ones before parsing.
    const std::string_view line = fuzz::as_text(data + 1, size - 1);
    if (line.find('\n') != std::string_view::npos || line.size() > 1000) return 0;
    PlayCommand cmd;
    std::string why;
    if (!parse_command(deck, line, cmd, why)) {
        fuzz::require(!why.empty(), "a refusal without a reason");
        fuzz::require(printable(why) == why, "a refusal not safe to print: " + printable(why));
        // Bounded by the line (play refuses lines over 1000 bytes; an escaped byte takes 4).
        fuzz::require(why.size() < 4 * 1000 + 200, "a refusal longer than the line can explain: " + excerpt(why, 100));
        return 0;
    }
    const std::string text = canonical(deck, cmd);
    PlayCommand again;
    fuzz::require(parse_command(deck, text, again, why), "'" + printable(text) + "' does not parse back: " + why);
    fuzz::require(again.kind == cmd.kind && again.argument == cmd.argument, "'" + printable(text) + "' parses back different");
    if (cmd.kind == CommandKind::Move)
        fuzz::require(fuzz::same_request(again.move, cmd.move), "move '" + printable(text) + "' parses back different");
    return 0;
}
