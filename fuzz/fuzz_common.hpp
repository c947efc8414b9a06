// What every fuzz target shares: a fixed environment, a way to fail loudly,
// and the checks every error message must pass.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "formats/deal_format.hpp"
#include "formats/error.hpp"
#include "formats/text.hpp"
#include "formats/variant_toml.hpp"

namespace pyr::fuzz {

// Stops the run with a message: libFuzzer saves the input that did it, the
// replay main names the file.
[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

inline void require(bool ok, const std::string& what) {
    if (!ok) fail(what);
}

// No user presets: what a target reads must not depend on the machine.
inline void fix_environment() {
    static const bool done = [] {
        ::setenv("XDG_CONFIG_HOME", "/nonexistent-pyramide-fuzz", 1);
        return true;
    }();
    (void)done;
}

// A message goes to the terminal: it must be safe to print as it is (input
// text in it escaped) and short, whatever the input was.
inline void check_message(const InputError& e) {
    require(!e.message.empty(), "empty error message");
    require(printable(e.message) == e.message, "error message holds raw control bytes: " + printable(e.message));
    require(e.message.size() < 2000, "error message longer than 2000 bytes: " + excerpt(e.message, 200));
    require(e.line >= 0 && e.col >= 0, "negative line or column in: " + e.message);
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The first input byte picks a --variant (a preset), or none (two values in
// the range): the line form and the variant-mismatch check both depend on it.
// A newline is always none, so that a seed file reads as the file it was
// whatever the number of presets.
inline std::string pick_variant(std::uint8_t byte) {
    if (byte == '\n') return "";
    const std::vector<Preset>& all = presets();
    const std::size_t pick = byte % (all.size() + 2);
    return pick < all.size() ? std::string(all[pick].name) : "";
}

// What a reader target reads from one input: the first byte picks the
// variant, the rest is the text, read line by line. Input must not be empty.
struct ReaderInput {
    ReaderInput(const std::uint8_t* data, std::size_t size)
        : variant(pick_variant(data[0])), in(std::string(as_text(data + 1, size - 1))), lines(in, "fuzz") {}
    std::string variant;
    std::istringstream in;
    LineReader lines;
    RulesCache cache;
};

}  // namespace pyr::fuzz
