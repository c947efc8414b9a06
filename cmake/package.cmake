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

# The project's own identity, as its commits carry it.
set(PYRAMIDE_PACKAGE_MAINTAINER "Seed 86dcef60 maintainers <maintainers@users.noreply.a-seed-86dcef60.example>"
    CACHE STRING "The Maintainer field of the Debian package")
# A build folder configured before the placeholder was replaced keeps it in
# its cache: replace it there too.
if(PYRAMIDE_PACKAGE_MAINTAINER MATCHES "\\.invalid>$")
    set(PYRAMIDE_PACKAGE_MAINTAINER "Seed 86dcef60 maintainers <maintainers@users.noreply.a-seed-86dcef60.example>"
        CACHE STRING "The Maintainer field of the Debian package" FORCE)
endif()
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PYRAMIDE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Not "games": Debian keeps that section for programs in /usr/games, and
# pyramide is as much a tool for scripts as a game, so it lives in /usr/bin.
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "man-db, bash-completion")
find_program(DPKG_SHLIBDEPS_PROGRAM dpkg-shlibdeps)
if(DPKG_SHLIBDEPS_PROGRAM)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS
        "libc6 (>= 2.34), libfmt9 (>= 9.1.0), libgcc-s1 (>= 3.0), libstdc++6 (>= 12), libtomlplusplus3 (>= 3.3.0)")
endif()

# /usr/share/doc/pyramide: the copyright file and the changelog Debian
# requires (cmake/debian/), the changelog compressed reproducibly (gzip -n).
file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/debian/changelog changelog_top LIMIT_COUNT 1)
if(NOT changelog_top MATCHES "^pyramide \\(${PROJECT_VERSION}\\) ")
    message(FATAL_ERROR "cmake/debian/changelog starts with '${changelog_top}': "
                        "add an entry for version ${PROJECT_VERSION}")
endif()
find_program(GZIP_PROGRAM gzip REQUIRED)
set(changelog_gz ${PROJECT_BINARY_DIR}/changelog.gz)
add_custom_command(OUTPUT ${changelog_gz}
    COMMAND ${GZIP_PROGRAM} -9nc ${PROJECT_SOURCE_DIR}/cmake/debian/changelog > ${changelog_gz}
    DEPENDS ${PROJECT_SOURCE_DIR}/cmake/debian/changelog VERBATIM)
add_custom_target(debian_changelog ALL DEPENDS ${changelog_gz})
install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright ${changelog_gz}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

include(CPack)
