// Deals from inputs in turn: an input is opened only when the one before is
// read to its end, so `-` among files waits for its turn.
#include "deal_stream.hpp"

#include "common.hpp"

namespace pyr::cmd {

DealStream::DealStream(std::vector<std::string> paths, RulesCache& cache, std::string variant, std::string_view what)
    : paths_(paths.empty() ? std::vector<std::string>{"-"} : std::move(paths)), cache_(cache),
      variant_(std::move(variant)), what_(what) {}

DealStream::~DealStream() = default;

bool DealStream::open_next() {
    if (next_path_ >= paths_.size()) return false;
    const std::string& path = paths_[next_path_++];
    reader_.reset();
    input_.reset();
    note_terminal_stdin(path, what_);
    input_ = std::make_unique<Input>(path);
    any_ = false;
    return true;
}

InputKind DealStream::peek_kind() {
    if (!input_ && !open_next()) return InputKind::Empty;
    return sniff_kind(input_->lines());
}

std::optional<StreamDeal> DealStream::next() {
    for (;;) {
        if (!input_ && !open_next()) return std::nullopt;
        if (!reader_) {
            const InputKind kind = sniff_kind(input_->lines());
            if (kind == InputKind::Log || kind == InputKind::Series) {
                const std::string note = log_note_.empty() ? "" : ": " + log_note_;
                throw InputError(input_->name(), 0, 0,
                                 (kind == InputKind::Log ? "a move log, where deals are expected"
                                                         : "a series file, where deals are expected") + note);
            }
            reader_ = std::make_unique<DealReader>(input_->lines(), cache_, variant_);
        }
        if (std::optional<ReadDeal> rd = reader_->next()) {
            any_ = true;
            return StreamDeal{rd->rules, std::move(rd->deal), input_->name(), rd->line};
        }
        if (!any_) throw InputError(input_->name(), 0, 0, "no deal in the input");
        reader_.reset();
        input_.reset();
    }
}

}  // namespace pyr::cmd
