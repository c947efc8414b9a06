// Tests of writing files: Output onto what is not a regular file,
// through symbolic links and with long names; LogWriter's lock, its
// rewrites without given lines, and line endings kept.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "formats/error.hpp"
#include "scratch.hpp"
#include "formats/log_writer.hpp"
#include "formats/text.hpp"

namespace {

namespace fs = std::filesystem;

using pyr::test::error_of;
using pyr::test::ScratchDir;

std::string contents(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Temporary files of Output and LogWriter left in `dir`.
int temporaries(const fs::path& dir) {
    int n = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        n += entry.path().filename().string().starts_with(".pyramide-");
    return n;
}

}  // namespace

TEST_CASE("output: a FIFO is written through, not replaced") {
    ScratchDir dir;
    const std::string fifo = dir.file("fifo");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(reader >= 0);
    pyr::write_file_atomic(fifo, "through\n");
    char got[16] = {};
    CHECK(::read(reader, got, sizeof got) == 8);
    CHECK(std::string(got) == "through\n");
    ::close(reader);
    CHECK(fs::is_fifo(fs::symlink_status(fifo)));
    CHECK(temporaries(dir.path) == 0);
}

TEST_CASE("output: a symbolic link to a device stays a link to that device") {
    ScratchDir dir;
    const std::string link = dir.file("null");
    fs::create_symlink("/dev/null", link);
    pyr::write_file_atomic(link, "into the void\n");
    CHECK(fs::is_symlink(fs::symlink_status(link)));
    CHECK(fs::read_symlink(link) == "/dev/null");
    CHECK(fs::is_character_file(fs::status("/dev/null")));
    CHECK(temporaries(dir.path) == 0);
}

TEST_CASE("output: a symbolic link is followed, its target replaced, the link kept") {
    ScratchDir dir;
    fs::create_directory(dir.path / "sub");
    write(dir.file("sub/real.txt"), "old\n");
    fs::permissions(dir.file("sub/real.txt"), fs::perms::owner_read | fs::perms::owner_write);
    // A relative link, in another folder than its target, through a second link.
    fs::create_symlink("sub/real.txt", dir.path / "first");
    fs::create_symlink("first", dir.path / "second");
    pyr::write_file_atomic(dir.file("second"), "new\n");
    CHECK(contents(dir.file("sub/real.txt")) == "new\n");
    CHECK(fs::read_symlink(dir.path / "second") == "first");
    CHECK(fs::read_symlink(dir.path / "first") == "sub/real.txt");
    CHECK(fs::status(dir.file("sub/real.txt")).permissions() == (fs::perms::owner_read | fs::perms::owner_write));
    // A link to a file that does not exist yet makes it, as the shell's `>` does.
    fs::create_symlink("sub/made.txt", dir.path / "dangling");
    pyr::write_file_atomic(dir.file("dangling"), "made\n");
    CHECK(contents(dir.file("sub/made.txt")) == "made\n");
    CHECK(fs::is_symlink(fs::symlink_status(dir.path / "dangling")));
    CHECK(temporaries(dir.path) == 0);
    // A loop of links is an error naming the path, not a hang.
    fs::create_symlink("loop-b", dir.path / "loop-a");
    fs::create_symlink("loop-a", dir.path / "loop-b");
    CHECK(error_of([&] { pyr::write_file_atomic(dir.file("loop-a"), "x"); }) ==
          dir.file("loop-a") + ": cannot write: Too many levels of symbolic links");
}

TEST_CASE("output: the temporary name is short, so any name that fits is written") {
    ScratchDir dir;
    for (std::size_t length : {254, 255}) {
        const std::string name = dir.file(std::string(length, 'n'));
        pyr::write_file_atomic(name, "long\n");
        CHECK(contents(name) == "long\n");
        pyr::write_file_atomic(name, "again\n");  // and replaced
        CHECK(contents(name) == "again\n");
    }
    const std::string too_long = dir.file(std::string(256, 'n'));
    CHECK(error_of([&] { pyr::write_file_atomic(too_long, "x"); }) == too_long + ": cannot write: File name too long");
    CHECK(error_of([&] { pyr::write_file_atomic(dir.path.string(), "x"); }) ==
          dir.path.string() + ": cannot write: it is a directory");
    CHECK(temporaries(dir.path) == 0);
}

TEST_CASE("log writer: one game per log; the lock follows the log through an undo's rewrite") {
    ScratchDir dir;
    const std::string path = dir.file("game.log");
    const std::string busy = path + ": this game is open in another pyramide (pid " + std::to_string(::getpid()) + ")";
    auto open_second = [&] {
        pyr::LogWriter second;
        second.open_existing(path);
    };
    {
        pyr::LogWriter first;
        first.create(path, "pyramide-log 1\nmoves\n");
        // flock() locks are per open file: a second writer in this process is refused as another one is.
        CHECK(error_of(open_second) == busy);
        CHECK(first.append("draw\n") == 3);
        CHECK(first.append("draw\n") == 4);
        // The rewrite replaces the file by a new one, locked before it is renamed into place.
        first.drop_lines({4});
        CHECK(contents(path) == "pyramide-log 1\nmoves\ndraw\n");
        CHECK(error_of(open_second) == busy);
        CHECK(first.append("recycle\n") == 4);
        CHECK(error_of(open_second) == busy);
    }
    // The first writer gone (as a killed process's lock goes), the log opens again.
    CHECK(error_of(open_second) == "no error");
    CHECK(contents(path) == "pyramide-log 1\nmoves\ndraw\nrecycle\n");
    CHECK(temporaries(dir.path) == 0);
}

TEST_CASE("log writer: a rewrite keeps every other line and the line ending, and drops a torn tail") {
    ScratchDir dir;
    const std::string path = dir.file("game.log");
    write(path, "pyramide-log 1\r\n# mine\r\nmoves\r\ndraw\r\nresult unfinished\r\n# after\r\ndra");
    ::chmod(path.c_str(), 0600);
    pyr::LogWriter log;
    log.open_existing(path);
    CHECK(log.torn());
    log.drop_lines({5});
    CHECK_FALSE(log.torn());
    CHECK(contents(path) == "pyramide-log 1\r\n# mine\r\nmoves\r\ndraw\r\n# after\r\n");
    // Appended lines end as the file's do.
    CHECK(log.append("draw\nrecycle\n") == 6);
    CHECK(contents(path) == "pyramide-log 1\r\n# mine\r\nmoves\r\ndraw\r\n# after\r\ndraw\r\nrecycle\r\n");
    log.drop_lines({6, 7});
    CHECK(contents(path) == "pyramide-log 1\r\n# mine\r\nmoves\r\ndraw\r\n# after\r\n");
    CHECK((fs::status(path).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
    CHECK(temporaries(dir.path) == 0);
}

TEST_CASE("log writer: a new log never replaces a file and never makes a folder") {
    ScratchDir dir;
    pyr::LogWriter log;
    CHECK(error_of([&] { log.create(dir.file("a/b/game.log"), "x\n"); }) == dir.file("a/b") + ": no such folder");
    CHECK_FALSE(fs::exists(dir.path / "a"));
    write(dir.file("notes.txt"), "mine\n");
    CHECK(error_of([&] { log.create(dir.file("notes.txt"), "x\n", ": choose another"); }) ==
          dir.file("notes.txt") + ": already exists: choose another");
    CHECK(contents(dir.file("notes.txt")) == "mine\n");
    CHECK(error_of([&] { log.create(dir.file("notes.txt/game.log"), "x\n"); }) == dir.file("notes.txt") + ": not a folder");
    CHECK(temporaries(dir.path) == 0);
}
