// Fuzz target: variant TOML, with `base` chains between files.
// The input is split into up to four files at lines "=== NAME" (NAME one of
// a.toml b.toml c.toml d.toml; text before the first such line is a.toml),
// written to a private folder, and a.toml is loaded, following `base`.
// Invariant: a variant loaded writes out as TOML (format_variant) that reads
// back to the same variant, with no problem found by check().
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "formats/variant_toml.hpp"
#include "fuzz_common.hpp"
#include "lib/rules/variant.hpp"

namespace {

using namespace pyr;

const std::string& scratch_dir() {
    // Never destroyed, so the clean-up at exit can still read it.
    static const std::string* const dir = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "pyramide-fuzz-variant.XXXXXX").string();
        if (!::mkdtemp(pattern.data())) fuzz::fail("cannot make a scratch folder");
        // Gone when the run ends (a crash leaves it, with the input that did it).
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratch_dir(), ec);
        });
        return new std::string(pattern);
    }();
    return *dir;
}

std::map<std::string, std::string> split_files(std::string_view input) {
    std::map<std::string, std::string> files;
    std::string current = "a.toml";
    files[current];
    std::size_t pos = 0;
    while (pos < input.size()) {
        std::size_t end = input.find('\n', pos);
        end = end == std::string_view::npos ? input.size() : end + 1;
        const std::string_view line = input.substr(pos, end - pos);
        pos = end;
        if (line.starts_with("=== ")) {
            std::string name(line.substr(4));
            while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
            if (name == "a.toml" || name == "b.toml" || name == "c.toml" || name == "d.toml") {
                current = name;
                files[current];
                continue;
            }
        }
        files[current] += line;
    }
    return files;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::fix_environment();
    const std::string& dir = scratch_dir();
    for (const char* name : {"a.toml", "b.toml", "c.toml", "d.toml"}) std::filesystem::remove(dir + "/" + name);
    for (const auto& [name, text] : split_files(fuzz::as_text(data, size))) {
        std::ofstream out(dir + "/" + name, std::ios::binary);
        out << text;
    }
    Variant v;
    try {
        v = load_variant(dir + "/a.toml");
    } catch (const InputError& e) {
        fuzz::check_message(e);
        return 0;
    }
    if (const std::vector<VariantProblem> problems = check(v); !problems.empty())
        fuzz::fail("a loaded variant has a problem: " + problems[0].message);
    const std::string text = format_variant(v);
    Variant again;
    try {
        again = parse_variant(text, "round-trip.toml");
    } catch (const InputError& e) {
        fuzz::fail("format_variant() does not read back: " + e.format() + "\n" + printable(text));
    }
    fuzz::require(format_variant(again) == text, "the variant reads back different:\n" + printable(text) + "\n" +
                                                     printable(format_variant(again)));
    return 0;
}
