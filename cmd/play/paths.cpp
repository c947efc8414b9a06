// Where play's files go (paths.hpp): XDG base directories, `~`, shell words.
#include "paths.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <system_error>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "formats/error.hpp"
#include "formats/leftovers.hpp"
#include "formats/text.hpp"

namespace pyr::cmd::play {

namespace {

std::string data_dir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg == '/') return std::string(xdg) + "/pyramide/games";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/share/pyramide/games";
}

// `mkdir -p`, naming the folder that could not be made and why (a read-only
// file system, a permission): only for the default log folder.
void make_folders(const std::string& dir) {
    std::error_code ec;
    if (dir.empty() || std::filesystem::is_directory(dir, ec)) return;
    const std::string parent = folder_of(dir);
    if (parent != dir) make_folders(parent);
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw InputError(dir, 0, 0, fmt::format("cannot create folder: {}", std::strerror(errno)));
}

// A path as one shell word.
std::string shell_word(const std::string& s) {
    bool plain = !s.empty();
    for (char c : s)
        plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_./-+=:,@%~", c) != nullptr);
    if (plain && s[0] != '~') return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string default_log_path(const Variant& v, const Deal& d, const PysolfcNumber* pysolfc) {
    make_folders(data_dir());
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&now, &tm);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    const std::string base = fmt::format("{}/{}-{}{}", data_dir(), stamp, v.name,
                                         d.has_seed ? fmt::format("-seed{}", d.seed)
                                         : pysolfc  ? "-pysolfc" + pysolfc->decimal()
                                                    : std::string());
    std::string path = base + ".log";
    for (int k = 2; std::filesystem::exists(path); ++k) path = fmt::format("{}-{}.log", base, k);
    return path;
}

std::string tidy_log_folder(const std::string& log) {
    if (log == "-") return "";
    const std::string folder = log.empty() ? data_dir() : folder_of(log);
    return leftovers_note(folder, remove_dead_temporaries(folder));
}

std::string default_history_path() {
    const char* state = std::getenv("XDG_STATE_HOME");
    if (state && *state == '/') return std::string(state) + "/pyramide/history";
    const char* home = std::getenv("HOME");
    if (!home || !*home) return "";
    return std::string(home) + "/.local/state/pyramide/history";
}

std::string expand_tilde(const std::string& path) {
    if (!path.starts_with('~')) return path;
    const std::size_t slash = path.find('/');
    const std::string user = path.substr(1, slash == std::string::npos ? std::string::npos : slash - 1);
    std::string home;
    if (!user.empty()) {
        if (const passwd* pw = ::getpwnam(user.c_str())) home = pw->pw_dir;
        if (home.empty()) throw InputError(path, 0, 0, fmt::format("no such user '{}'", user));
    } else if (const char* env = std::getenv("HOME"); env && *env) {
        home = env;
    } else if (const passwd* pw = ::getpwuid(::getuid())) {
        home = pw->pw_dir;
    }
    if (home.empty()) throw InputError(path, 0, 0, "no home folder: HOME is not set");
    return home + (slash == std::string::npos ? "" : path.substr(slash));
}

std::string resume_hint(const std::string& log_path) {
    return "pyramide play --resume " + printable(shell_word(log_path));
}

}  // namespace pyr::cmd::play
