// Usage errors in the project's words (see usage.hpp).
#include "usage.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "common.hpp"

namespace pyr::cmd {

namespace {

// What to say when a required argument is missing, by option (required_argument()):
// the options live as long as the app, which is the program's.
std::map<const CLI::Option*, std::string>& missing_texts() {
    static std::map<const CLI::Option*, std::string> texts;
    return texts;
}

// The top app, then each subcommand the parser reached, the deepest last.
std::vector<const CLI::App*> apps_in_use(const CLI::App& top) {
    std::vector<const CLI::App*> chain{&top};
    for (std::vector<CLI::App*> subs = top.get_subcommands(); !subs.empty(); subs = subs.back()->get_subcommands())
        chain.push_back(subs.back());
    return chain;
}

// CLI11 quotes the offending argument in its messages; arguments can come
// from scripts and files too, so they are made safe like any input text.
std::string printable_lines(const std::string& text) {
    std::string out, line;
    std::istringstream in(text);
    while (std::getline(in, line)) out += (out.empty() ? "" : "\n") + printable(line);
    return out;
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    return names;
}

// "pyramide stats merge" for the app of `stats merge`, whether parsed or not.
std::string full_name(const CLI::App& app) {
    const CLI::App* parent = app.get_parent();
    return parent ? full_name(*parent) + " " + app.get_name() : app.get_name();
}

bool takes_files(const CLI::App& app) {
    return !app.get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
}

// Arguments the parser did not expect: the first unknown option, with the
// nearest of app's options, or else the first stray argument.
std::string unexpected_text(const CLI::App& app, const std::vector<std::string>& extras) {
    for (const std::string& arg : extras) {
        if (arg.size() < 2 || arg[0] != '-') continue;
        // "--name=value" names --name; a short option's letters run on ("-qx").
        const std::string name = arg.starts_with("--") ? arg.substr(0, arg.find('=')) : arg;
        std::vector<std::string> known;
        for (const CLI::Option* opt : app.get_options()) {
            for (const std::string& l : opt->get_lnames()) known.push_back("--" + l);
            for (const std::string& s : opt->get_snames()) known.push_back("-" + s);
        }
        // Every one-letter option is one edit from any other: no guess for those.
        const std::string guess = name.size() > 2 ? did_you_mean(name, known) : "";
        if (!guess.empty()) return fmt::format("unknown option '{}'{}", excerpt(name), guess);
        // Only where files are named can a file have been meant.
        return fmt::format("unknown option '{}'{}", excerpt(name),
                           takes_files(app) ? " (a file whose name starts with - goes after --)" : "");
    }
    if (extras.empty()) return "";
    // Where no file is named, a word in place of a subcommand is one mistyped (`variants shwo`).
    if (!app.get_subcommands({}).empty() && app.get_subcommands().empty() && !takes_files(app))
        return unknown_subcommand_text(app, extras.front());
    return fmt::format("unexpected argument '{}'", excerpt(extras.front()));
}

// The required argument of `app` that was not given; at the top, the subcommand.
std::string missing_text(const CLI::App& app) {
    if (app.get_parent() == nullptr)
        return fmt::format("no command given: name one of {}", fmt::join(subcommand_names(app), ", "));
    for (const CLI::Option* opt : app.get_options()) {
        if (!opt->get_required() || opt->count() > 0) continue;
        const auto it = missing_texts().find(opt);
        return it != missing_texts().end() ? it->second : fmt::format("no {} given", opt->get_name());
    }
    return "";
}

// The option a parse error is about. CLI11 names it only as the first word of
// its message ("--seed: 1 required N missing", "json was given a disallowed
// flag override"); that word counts only if it is the name of one of app's options.
const CLI::Option* option_named_in(const CLI::App& app, const std::string& text) {
    const std::string word = text.substr(0, text.find_first_of(": "));
    for (const std::string& name : {word, "--" + word, "-" + word})
        if (const CLI::Option* opt = app.get_option_no_throw(name)) return opt;
    return nullptr;
}

// A flag given a value, an option given twice or given no value: which, from the option itself.
std::string value_count_text(const CLI::Option& opt) {
    const std::string name = opt.get_name();
    if (opt.get_items_expected_max() == 0) return fmt::format("{} is a flag: it takes no value", name);
    if (opt.count() > static_cast<std::size_t>(opt.get_items_expected_max()))
        return fmt::format("{} is given {} times: give it once", name, opt.count());
    return fmt::format("{} needs a value", name);
}

template <class Kind>
bool is(const CLI::Error& e) {
    return dynamic_cast<const Kind*>(&e) != nullptr;
}

}  // namespace

std::string unknown_subcommand_text(const CLI::App& app, std::string_view word) {
    const std::vector<std::string> names = subcommand_names(app);
    const std::string guess = did_you_mean(word, names);
    const std::string path = full_name(app);
    if (app.get_parent() == nullptr) return fmt::format("'{}' is not a pyramide command{}", excerpt(word), guess);
    if (names.empty()) return fmt::format("'{}' has no subcommands, so none named '{}'", path, excerpt(word));
    if (!guess.empty()) return fmt::format("'{}' is not a subcommand of '{}'{}", excerpt(word), path, guess);
    return fmt::format("'{}' is not a subcommand of '{}' (it has {})", excerpt(word), path, fmt::join(names, ", "));
}

namespace {
// `pyramide --json deal`, `pyramide -v par deal --seed 1`: options of a
// subcommand typed before it. The message gives the command as it should
// be; "" when the words before the subcommand are not its options.
std::string options_before_subcommand(int argc, char** argv, const CLI::App& app) {
    if (argc < 3 || argv[1][0] != '-') return "";
    for (int i = 2; i < argc; ++i) {
        const std::string word = argv[i];
        const CLI::App* sub = nullptr;
        for (const CLI::App* s : app.get_subcommands({}))
            if (s->get_name() == word) sub = s;
        if (!sub) continue;
        // Every word before must be an option of the subcommand, or the value of one.
        std::vector<std::string> options;
        int count = 0;  // options, not words: "-v par" is one
        for (int k = 1; k < i; ++k, ++count) {
            const std::string before = argv[k];
            if (before.empty() || before[0] != '-' || before == "-h" || before == "--help") return "";
            const CLI::Option* opt = sub->get_option_no_throw(before.substr(0, before.find('=')));
            if (!opt) return "";
            options.push_back(before);
            if (opt->get_type_size() > 0 && before.find('=') == std::string::npos && k + 1 < i)
                options.push_back(argv[++k]);
        }
        std::string fixed = "pyramide " + word;
        for (const std::string& o : options) fixed += " " + o;
        for (int j = i + 1; j < argc; ++j) fixed += " " + std::string(argv[j]);
        return fmt::format("{} belong{} after the subcommand: {}", fmt::join(options, " "),
                           count == 1 ? "s" : "", fixed);
    }
    return "";
}
}  // namespace

std::optional<int> first_word(int argc, char** argv, const CLI::App& app) {
    if (argc < 2) return std::nullopt;
    const std::string word = argv[1];
    if (word == "version") {
        fmt::print("pyramide {}\n", PYRAMIDE_VERSION);
        return ExitOk;
    }
    if (const std::string misplaced = options_before_subcommand(argc, argv, app); !misplaced.empty()) {
        message(misplaced);
        return ExitError;
    }
    if (word.empty() || word[0] == '-') return std::nullopt;
    for (const CLI::App* sub : app.get_subcommands({}))
        if (sub->get_name() == word) return std::nullopt;
    message(unknown_subcommand_text(app, word));
    to_stderr("Run 'pyramide --help' for the commands.\n");
    return ExitError;
}


CLI::Option* required_argument(CLI::Option* opt, std::string when_missing) {
    missing_texts()[opt] = std::move(when_missing);
    return opt->required();
}

void refuse_flag_values(CLI::App& app) {
    for (CLI::Option* opt : app.get_options([](const CLI::Option*) { return true; }))
        if (opt->get_items_expected_max() == 0) opt->disable_flag_override();
    for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) refuse_flag_values(*sub);
}

std::string subcommand_in_use(const CLI::App& top) {
    std::string name;
    for (const CLI::App* app : apps_in_use(top)) name += (name.empty() ? "" : " ") + app->get_name();
    return name;
}

std::string parse_error_text(const CLI::App& top, const CLI::Error& e) {
    const std::vector<const CLI::App*> chain = apps_in_use(top);
    const CLI::App& app = *chain.back();
    if (is<CLI::RequiredError>(e) || is<CLI::ExtrasError>(e)) {
        // An unknown option first: it may have hidden a file named -x ("files is required").
        for (const CLI::App* a : chain)
            if (a->remaining_size() > 0) return unexpected_text(*a, a->remaining());
    }
    std::string what;
    if (is<CLI::RequiredError>(e)) {
        what = missing_text(app);
    } else if (is<CLI::ArgumentMismatch>(e) || is<CLI::ConversionError>(e)) {
        if (const CLI::Option* opt = option_named_in(app, e.what())) what = value_count_text(*opt);
    }
    // A ValidationError carries our own words (add_read_option); anything else is shown as CLI11 put it.
    return what.empty() ? printable_lines(e.what()) : what;
}

std::string usage_message(const CLI::App& top, const std::string& what) {
    const std::string name = printable(subcommand_in_use(top));
    return fmt::format("{}: {}\nRun '{} --help' for more information.\n", name, printable(what), name);
}

}  // namespace pyr::cmd
