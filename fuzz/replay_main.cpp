// Runs a fuzz target over files and folders of inputs without libFuzzer, so the
// corpora are regression tests under plain ctest and any compiler (as fmt's
// test/fuzzing does). Usage: fuzz_X_replay FILE_OR_DIR...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// Runs one input; the target aborts on a broken invariant, so reaching the
// return means it passed. The name is printed first, for the one that aborts.
void run(const std::filesystem::path& path) {
    std::fprintf(stderr, "%s\n", path.c_str());
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    int inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg(argv[i]);
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(arg)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(arg))
                if (entry.is_regular_file()) files.push_back(entry.path());
            std::sort(files.begin(), files.end());  // the same order on every machine
        } else {
            files.push_back(arg);
        }
        for (const std::filesystem::path& f : files) {
            run(f);
            ++inputs;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "no inputs: a replay with an empty corpus would pass for nothing\n");
        return 1;
    }
    std::fprintf(stderr, "%d inputs replayed\n", inputs);
    return 0;
}
