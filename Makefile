# Thin wrapper around CMake: installs missing Debian packages, configures, builds, tests.
BUILD ?= build
TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build test play clean
all: build

deps:
	@scripts/install-deps

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(TYPE)

configure: $(BUILD)/CMakeCache.txt

build: deps configure
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The main job: deal a game and play it.
play: build
	$(BUILD)/pyramide play $(ARGS)

clean:
	rm -rf $(BUILD)
