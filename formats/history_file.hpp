// The history file of play's line editor, in libedit's format: a first line
// "_HiStOrY_V2_", then an entry a line, each encoded with strvis(3). Read
// here, not by libedit's H_LOAD, which trusts the escapes it decodes (a
// malformed one reads past the end of its line), and only from a regular file
// of sane size: a FIFO, /dev/zero or a huge file is refused, never waited on.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

inline constexpr std::string_view HistoryHeader = "_HiStOrY_V2_";
inline constexpr std::size_t MaxHistoryBytes = 1024 * 1024;

// The entries of a history file's text, oldest first. An empty text is an
// empty history. Throws InputError naming `file`, line and column for a
// text that is not a history (no header) or an escape strunvis(3) would not
// decode.
std::vector<std::string> parse_history(std::string_view text, const std::string& file);

// The text of a history file holding `entries`: the header, then each entry
// encoded as strvis(3) with VIS_WHITE and octal escapes would (every byte but
// the printable ASCII ones other than the backslash as \ooo), which libedit
// and parse_history() read back.
std::string format_history(const std::vector<std::string>& entries);

// `entries` with `line` added last (unless it is the last already), at most
// `keep` of them, the newest.
std::vector<std::string> with_entry(std::vector<std::string> entries, const std::string& line, std::size_t keep);

// The entries of the history file `path` names (symbolic links followed);
// none when it does not exist. Throws InputError for a file that is not a
// regular file, is larger than MaxHistoryBytes, or is not a history.
std::vector<std::string> read_history_file(const std::string& path);

}  // namespace pyr
