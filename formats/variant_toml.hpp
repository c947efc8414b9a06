// Variant presets in TOML: the embedded presets, user files that start from
// another (`base = "traditional"`), and errors that name file, line and column.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lib/rules/variant.hpp"

namespace pyr {

struct Preset {
    std::string_view name;
    std::string_view text;  // the TOML file as shipped
};

// The embedded presets in their documented order (traditional first).
const std::vector<Preset>& presets();
// Preset names are keywords, read in any case ("Giza" is giza); nullptr for none.
const Preset* find_preset(std::string_view name);

// $XDG_CONFIG_HOME/pyramide/variants (or ~/.config/pyramide/variants).
std::string user_variant_dir();

// A variant by preset name, user preset name, or path to a .toml file
// ("-" reads stdin). Throws InputError naming file, line and column.
Variant load_variant(const std::string& spec);

// A variant from TOML text; `source` names it in messages, `dir` resolves a
// relative `base` path.
Variant parse_variant(std::string_view text, const std::string& source, const std::string& dir = ".");

// `v` as TOML that parse_variant() reads back to the same Variant: every key
// in the presets' order, no `base`. Used to check round trips, and to show a
// variant with its `base` chain resolved.
std::string format_variant(const Variant& v);

// One rule of a Variant as a key and a typed value, in the presets' order: what
// format_variant() writes as TOML and `variants show --json` as JSON.
struct VariantField {
    std::string key;
    enum Kind { String, Integer, Boolean, Integers } kind;
    std::string text;        // String: the value; Integer, Boolean: its literal (42, true)
    std::vector<int> items;  // Integers
};
std::vector<VariantField> variant_fields(const Variant& v);

// A spec names a file when it has a slash or ends in ".toml".
bool is_variant_path(std::string_view spec);

}  // namespace pyr
