# The Debian package: `make package` (cpack -G DEB) writes
# <build>/pyramide_VERSION_ARCH.deb, installing under /usr what
# cmake/install.cmake installs. Runtime dependencies come from dpkg-shlibdeps
# (dpkg-dev) when it is there, else from the list below (Debian 12's names).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pyramide)
set(CPACK_PACKAGE_VENDOR pyramide)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Pyramid solitaire for the command line: deal, play, check, solve")
set(CPACK_PACKAGE_DESCRIPTION
    "pyramide deals, plays, checks and replays games of Pyramid solitaire\n"
    "(Pyramidekabal) in every common variant, from the command line. It is built\n"
    "for shell scripts, for people checking other players' move logs, and for\n"
    "playing over SSH on a plain terminal. Deals are reproducible by seed, games\n"
    "are recorded in move logs, and a solver finds a winning line or proves\n"
    "there is none.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR})

set(PYRAMIDE_PACKAGE_MAINTAINER "pyramide maintainers <maintainers@pyramide.invalid>"
    CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PYRAMIDE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "man-db, bash-completion, rlwrap")
find_program(DPKG_SHLIBDEPS_PROGRAM dpkg-shlibdeps)
if(DPKG_SHLIBDEPS_PROGRAM)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS
        "libc6 (>= 2.34), libfmt9 (>= 9.1.0), libgcc-s1 (>= 3.0), libstdc++6 (>= 12), libtomlplusplus3 (>= 3.3.0)")
endif()

include(CPack)
