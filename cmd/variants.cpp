// pyramide variants: the presets and the user's presets, a summary each; `show
// NAME` prints the TOML (a preset's as shipped, any other variant's rules as
// canonical TOML), and --json either as JSON.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/json.hpp"
#include "formats/text.hpp"
#include "usage.hpp"
#include "formats/variant_toml.hpp"

namespace pyr::cmd {

namespace {
struct VariantsOptions {
    std::string show;
    bool json = false;
};

// One line of the listing: a preset, or a file of the user's folder, which may
// fail to load (then `error` says why, and the listing exits non-zero).
struct Listed {
    std::string name, summary, file;  // file: empty for a preset
    std::optional<InputError> error;
};

// The user's presets: the .toml files of user_variant_dir(), by name.
std::vector<Listed> user_presets() {
    namespace fs = std::filesystem;
    const fs::path dir = user_variant_dir();
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return {};
    std::vector<Listed> out;
    fs::directory_iterator it(dir, ec), end;
    if (ec) {
        out.push_back({"", "", dir.string(), InputError(dir.string(), 0, 0,
                                                        fmt::format("cannot list the user presets: {}", ec.message()))});
        return out;
    }
    for (; it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".toml" || !it->is_regular_file(ec)) continue;
        Listed l{p.stem().string(), "", p.string(), std::nullopt};
        try {
            l.summary = load_variant(l.name).summary;
        } catch (const InputError& e) {
            l.error = e.file.empty() ? InputError(l.file, e.line, e.col, e.message, e.severity) : e;
        }
        out.push_back(std::move(l));
    }
    std::sort(out.begin(), out.end(), [](const Listed& a, const Listed& b) { return a.name < b.name; });
    return out;
}

void write_error(const InputError& e, JsonWriter& w) {
    w.key("error").begin_object().key("line").value(e.line).key("col").value(e.col);
    w.key("message").value(e.message).end_object();
}

int list_variants(bool json) {
    std::vector<Listed> all;
    for (const Preset& p : presets())  // the preset itself, even when a user file takes its name
        all.push_back({std::string(p.name), parse_variant(p.text, std::string(p.name)).summary, "", {}});
    const std::vector<Listed> user = user_presets();
    all.insert(all.end(), user.begin(), user.end());
    int rc = ExitOk;
    JsonWriter w;
    w.begin_object().key("variants").begin_array();
    bool heading = false;
    for (const Listed& l : all) {
        if (l.error) rc = std::max(rc, report(*l.error));
        if (json) {
            w.begin_object().key("name").value(l.name).key("preset").value(l.file.empty());
            if (!l.file.empty()) w.key("file").value(l.file);
            if (l.error) write_error(*l.error, w);
            else w.key("summary").value(l.summary);
            w.end_object();
            continue;
        }
        if (!l.file.empty() && !heading) {
            wrapped_print("\nuser presets, in {}:\n", printable(user_variant_dir()));
            heading = true;
        }
        // At least one space after a long name.
        print_wrapped(fmt::format("{:<13} {}\n", printable(l.name),
                                  l.error ? "(not usable: see the message on stderr)" : printable(l.summary)),
                      "              ");
    }
    w.end_array().end_object();
    if (json) fmt::print("{}\n", w.str());
    return rc;
}

// The rules as one JSON object, keys and values as in the canonical TOML.
std::string variant_json(const Variant& v) {
    JsonWriter w;
    w.begin_object();
    for (const VariantField& f : variant_fields(v)) {
        w.key(f.key);
        if (f.kind == VariantField::String) {
            w.value(f.text);
        } else if (f.kind == VariantField::Boolean) {
            w.value(f.text == "true");
        } else if (f.kind == VariantField::Integer) {
            w.value(std::stoi(f.text));
        } else {
            w.begin_array();
            for (const int i : f.items) w.value(i);
            w.end_array();
        }
    }
    return w.end_object().str();
}

int show_variant(const std::string& spec, bool json) {
    if (json) {
        fmt::print("{}\n", variant_json(load_variant(spec)));
        return ExitOk;
    }
    if (const Preset* p = find_preset(ascii_lower(spec))) {
        load_variant(spec);  // refuses a user preset that takes its name
        fmt::print("{}", p->text);
        return ExitOk;
    }
    // A user preset, a file or "-": read once, and shown as the rules that
    // apply (its base resolved), in canonical TOML, so nothing of the file
    // (comments with escapes, say) reaches the terminal raw.
    fmt::print("{}", format_variant(load_variant(spec)));
    return ExitOk;
}
}  // namespace

Subcommand setup_variants(CLI::App& parent) {
    auto o = std::make_shared<VariantsOptions>();
    CLI::App* app = parent.add_subcommand(
        "variants", "List the variant presets and your own (in ~/.config/pyramide/variants), or show one in full.");
    app->add_flag("--json", o->json, "Print the list as JSON");
    CLI::App* show = app->add_subcommand("show", "Print a preset's TOML with its comments, or a variant's rules");
    required_argument(show->add_option("name", o->show, "Preset name, user preset, FILE.toml or - (stdin)"),
                      "no variant given: name a preset (pyramide variants lists them), a user preset, a FILE.toml, "
                      "or - for stdin");
    show->add_flag("--json", o->json, "Print the rules (base resolved) as one JSON object");
    show->footer("Examples:\n  pyramide variants show par > my-par.toml\n  pyramide variants show --json mine.toml");
    app->footer("Examples:\n  pyramide variants show par\n  pyramide variants show --json mine.toml | jq .passes");
    return {app, [o, show] { return show->parsed() ? show_variant(o->show, o->json) : list_variants(o->json); }};
}

}  // namespace pyr::cmd
