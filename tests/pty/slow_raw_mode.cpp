// Preloaded into `pyramide play` by pty.play.early-keys (LD_PRELOAD): every
// switch of a terminal out of canonical mode waits 0.3 s first, so a program
// that shows its prompt before it sets the line editor's mode is caught: a
// key typed as soon as the prompt shows would meet the cooked mode.
#include <dlfcn.h>
#include <termios.h>
#include <unistd.h>

extern "C" int tcsetattr(int fd, int action, const struct termios* t) {
    using Real = int (*)(int, int, const struct termios*);
    static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "tcsetattr"));
    if (t && !(t->c_lflag & ICANON)) usleep(300000);
    return real(fd, action, t);
}
