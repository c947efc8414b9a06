# Installation (`cmake --install`, `make install PREFIX=...`, the Debian
# package): the binary, the manual pages (man/), the shell completions where
# each shell loads them from, the presets for reference (the binary has its own
# copy). Paths are relative to the prefix.
include(GNUInstallDirs)

set(PYRAMIDE_BASH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/bash-completion/completions"
    CACHE STRING "Where bash-completion finds completions, under the prefix")
# Debian's zsh also reads share/zsh/vendor-completions under /usr only: with
# another prefix, add it to fpath or set this to e.g. share/zsh/site-functions.
set(PYRAMIDE_ZSH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions"
    CACHE STRING "Where zsh finds completion functions, under the prefix")
set(PYRAMIDE_FISH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d"
    CACHE STRING "Where fish finds completions, under the prefix")

# Folders 0755 whatever the umask of the user who installs.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

install(TARGETS pyramide RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
add_subdirectory(${PROJECT_SOURCE_DIR}/man ${PROJECT_BINARY_DIR}/man)

set(completions ${PROJECT_SOURCE_DIR}/completions)
install(FILES ${completions}/pyramide.bash DESTINATION ${PYRAMIDE_BASH_COMPLETION_DIR} RENAME pyramide)
install(FILES ${completions}/_pyramide DESTINATION ${PYRAMIDE_ZSH_COMPLETION_DIR})
install(FILES ${completions}/pyramide.fish DESTINATION ${PYRAMIDE_FISH_COMPLETION_DIR})
install(FILES ${PRESET_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/pyramide/variants)
