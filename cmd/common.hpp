// What every subcommand shares: messages on stderr prefixed "pyramide:", exit
// codes, colour and Unicode decisions.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

#include "formats/error.hpp"
#include "formats/position.hpp"

namespace pyr::cmd {

// 3: solve gave up at its node limit, neither a proof nor a line.
enum Exit { ExitOk = 0, ExitNegative = 1, ExitError = 2, ExitUndecided = 3, ExitInterrupted = 130 };

// "pyramide: " + the message, on stderr; input text in it is made safe.
void message(const std::string& text);
// A reader of "-" with a terminal on stdin would wait in silence: say what it
// waits for ("a deal", "a move log") and how to end it.
void note_terminal_stdin(const std::string& path, std::string_view what);

// Prints the error and returns its exit code (1 invalid, 2 unreadable).
int report(const InputError& e);

// --color=auto|always|never: auto means a terminal, NO_COLOR unset or empty, TERM not "dumb".
bool use_color(const std::string& when, std::FILE* stream);
// Unicode suits when the locale is UTF-8 and --ascii is not given.
bool use_unicode(bool ascii_flag);
RenderStyle render_style(const std::string& color_when, bool ascii, std::FILE* stream);

}  // namespace pyr::cmd
