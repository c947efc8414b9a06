// Deals read from a string, for the tests of the deal readers, and the line
// endings and byte order mark every reader accepts.
#pragma once
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "formats/deal_format.hpp"
#include "formats/error.hpp"

namespace pyr::test {

// All deals in `text`, read as the file "t.txt".
inline std::vector<ReadDeal> read_deals(const std::string& text, RulesCache& cache, const std::string& variant = "") {
    std::istringstream in(text);
    LineReader lines(in, "t.txt");
    DealReader reader(lines, cache, variant);
    std::vector<ReadDeal> out;
    while (std::optional<ReadDeal> d = reader.next()) out.push_back(*d);
    return out;
}

// "file:line:col: message" of the error reading `text` as deals, or "no error".
inline std::string deal_error(const std::string& text, const std::string& variant = "", Severity* severity = nullptr) {
    RulesCache cache;
    try {
        read_deals(text, cache, variant);
    } catch (const InputError& e) {
        if (severity) *severity = e.severity;
        return e.format();
    }
    return "no error";
}

// `text` with CRLF line endings.
inline std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

// A UTF-8 byte order mark.
inline const std::string Bom = "\xEF\xBB\xBF";

}  // namespace pyr::test
