# Writes a C++ file holding the preset TOML files, so the binary needs no data
# files at run time. Called with -DOUT=... -DDIR=... -DNAMES=a,b,c.
set(code "// Generated from formats/variants/*.toml by cmake/embed_presets.cmake: do not edit.\n")
string(APPEND code "#include \"formats/variant_toml.hpp\"\n\nnamespace pyr {\n\n")
string(APPEND code "const std::vector<Preset>& presets() {\n    static const std::vector<Preset> all = {\n")
string(REPLACE "," ";" NAMES "${NAMES}")
foreach(name IN LISTS NAMES)
    file(READ "${DIR}/${name}.toml" text)
    string(APPEND code "        {\"${name}\", R\"PYRAMIDE_TOML(${text})PYRAMIDE_TOML\"},\n")
endforeach()
string(APPEND code "    };\n    return all;\n}\n\n}  // namespace pyr\n")
file(WRITE "${OUT}.new" "${code}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.new" "${OUT}")
