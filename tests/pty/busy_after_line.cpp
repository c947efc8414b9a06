// Preloaded into `pyramide play` by pty.play.busy-keys and pty.play.interrupt
// (LD_PRELOAD): every switch of a terminal into a mode a program keeps between
// lines (canonical mode, or one where Ctrl-C sends SIGINT) is followed by 0.4 s
// of waiting, as a slow command (a hint) after a line would be. A key typed in
// that time meets that mode: in the cooked mode a Ctrl-D would be kept as a
// NUL and lost; a Ctrl-C interrupts.
#include <dlfcn.h>
#include <termios.h>
#include <unistd.h>

extern "C" int tcsetattr(int fd, int action, const struct termios* t) {
    using Real = int (*)(int, int, const struct termios*);
    static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "tcsetattr"));
    const int rc = real(fd, action, t);
    if (t && ((t->c_lflag & ICANON) || ((t->c_lflag & ISIG) && t->c_cc[VINTR] != _POSIX_VDISABLE))) usleep(400000);
    return rc;
}
