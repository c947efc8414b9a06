# Sanitizer and fuzzing builds of the same project. Included near the
# top of CMakeLists.txt so the flags reach every target, tests included.
#
#   -DPYRAMIDE_SANITIZE=ON   AddressSanitizer + UndefinedBehaviorSanitizer (g++ or
#                            clang); `make test-asan` builds build-asan this way.
#   -DPYRAMIDE_FUZZ=ON       clang only: also libFuzzer coverage, and fuzz/ builds
#                            real fuzzers instead of corpus replayers (`make fuzz`).
option(PYRAMIDE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(PYRAMIDE_FUZZ "Build the libFuzzer targets in fuzz/ (clang; implies PYRAMIDE_SANITIZE)" OFF)

if(PYRAMIDE_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "PYRAMIDE_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
    endif()
    set(PYRAMIDE_SANITIZE ON)
    # Coverage instrumentation everywhere; only the fuzz targets link libFuzzer's main.
    add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(PYRAMIDE_SANITIZE)
    # No recovery: the first report fails the test that caused it. Frame
    # pointers give whole stack traces. _GLIBCXX_ASSERTIONS adds bounds checks
    # to operator[] of std::vector, std::array and std::string.
    set(PYRAMIDE_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    add_compile_options(${PYRAMIDE_SANITIZE_FLAGS} -D_GLIBCXX_ASSERTIONS)
    add_link_options(${PYRAMIDE_SANITIZE_FLAGS})
    # Optimise a little: the suite runs several times faster than at -O0, and
    # the reports stay readable.
    set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O1 -g")
endif()
