// Deals read from inputs in turn, as `rate FILE...` and `solve FILE...` take
// them: each input opened when its turn comes and read once, each deal with
// the input and line it came from.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/deal_format.hpp"

namespace pyr::cmd {

struct StreamDeal {
    const Rules* rules = nullptr;
    Deal deal;
    std::string file;  // the input's name ("<stdin>" for -)
    int line = 0;      // where the deal starts
};

class DealStream {
public:
    // `paths`: files, "-" for stdin (empty: stdin); `variant`: the --variant
    // given, or empty (DealReader); `what` the inputs hold, for a terminal on
    // stdin ("deals").
    DealStream(std::vector<std::string> paths, RulesCache& cache, std::string variant, std::string_view what);
    ~DealStream();

    std::size_t inputs() const { return paths_.size(); }
    // What to say after "a move log, where deals are expected" when an input is
    // a log ("solve takes a move log as its only input").
    void on_log(std::string note) { log_note_ = std::move(note); }
    // What the next input holds, told without reading it (sniff_kind()); opens it.
    InputKind peek_kind();
    // The input open now (after peek_kind() or next()).
    Input& input() { return *input_; }
    // The next deal, or nullopt after the last input. Throws InputError: a
    // file that cannot be read, a deal that breaks the format, an input with
    // no deal, a move log or series among the inputs.
    std::optional<StreamDeal> next();

private:
    bool open_next();

    std::vector<std::string> paths_;
    RulesCache& cache_;
    std::string variant_;
    std::string what_;
    std::string log_note_;
    std::size_t next_path_ = 0;
    std::unique_ptr<Input> input_;
    std::unique_ptr<DealReader> reader_;
    bool any_ = false;  // the open input has given a deal
};

}  // namespace pyr::cmd
