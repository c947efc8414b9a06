// Helpers shared by the tests that write files: a scratch folder, and the
// message of the InputError a call throws.
#pragma once

#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <string>

#include "formats/error.hpp"

namespace pyr::test {

// A fresh folder, removed at the end of the test.
struct ScratchDir {
    std::filesystem::path path;
    ScratchDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "pyramide-test.XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~ScratchDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

// "file:line:col: message" of the InputError `f` throws, or "no error".
inline std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const pyr::InputError& e) {
        return e.format();
    }
    return "no error";
}

}  // namespace pyr::test
