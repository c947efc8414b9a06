// What a writer killed mid-write leaves: a temporary file (".pyramide-PID-XXXXXX")
// beside the file it was replacing. Such a file is never a log; it is removed
// only when its writer is provably gone (its pid gone and no lock held on it),
// so that a live writer's file always survives.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// Whether a file's base name is that of a temporary file (".pyramide-...").
bool is_temporary_name(std::string_view base);

// Whether the temporary file at `path` was left by a writer that is gone: its
// name carries the writer's pid, no process has that pid, and no lock is held
// on the file. A name without a pid (an older writer's) is never judged gone.
bool temporary_writer_gone(const std::string& path);

// Removes from `folder` ("" for the current one) every temporary file whose
// writer is gone. Returns their paths (best effort: one that cannot be
// removed is not listed).
std::vector<std::string> remove_dead_temporaries(const std::string& folder);

// "removed 2 temporary files that a stopped pyramide left in FOLDER: NAME, NAME"
// ("" for none).
std::string leftovers_note(const std::string& folder, const std::vector<std::string>& removed);

}  // namespace pyr
