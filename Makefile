# Thin wrapper around CMake: installs missing Debian packages, configures, builds, tests.
BUILD ?= build
TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build test test-asan fuzz play bench bench-expert bench-winnable bench-rate bench-daily bench-million bench-shortest bench-par bench-converge clean
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

# The same suite (Catch2, golden, fault and bad-input tests, fuzz corpus
# replays) built with AddressSanitizer + UndefinedBehaviorSanitizer in its own
# folder; any report fails the test that caused it. .ci/run runs it after `test`.
ASAN_BUILD ?= build-asan
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
$(ASAN_BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPYRAMIDE_SANITIZE=ON

# Tests labelled `slow` (a week of deals of the day: whole ratings, minutes
# under the sanitizers) check figures, not new code paths: they run in
# `make test` only. ASAN_CTEST_ARGS= runs them here too.
ASAN_CTEST_ARGS ?= -LE slow
test-asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	$(ASAN_ENV) ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) $(ASAN_CTEST_ARGS)

# Fuzz every reader with clang's libFuzzer (plus ASan and UBSan), SECONDS each,
# one after the other: `make fuzz SECONDS=600`, or `make fuzz FUZZ=deal`.
# Findings land in $(FUZZ_BUILD)/crashes; see fuzz/run.sh.
FUZZ_BUILD ?= build-fuzz
FUZZ ?= deal movelog variant play_command json series
SECONDS ?= 60
$(FUZZ_BUILD)/CMakeCache.txt:
	@EXTRA_PACKAGES="clang libclang-rt-14-dev" scripts/install-deps
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPYRAMIDE_FUZZ=ON

fuzz: $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ))
	fuzz/run.sh $(FUZZ_BUILD) $(SECONDS) $(FUZZ)

# Solver figures (deals/s, time per deal, peak memory): `make bench DEALS=1000`.
DEALS ?= 1000
bench: build
	bench/run.sh $(DEALS)

# The expert player: games a second (K = 32) on EXPERT_DEALS deals a variant,
# seconds a game on one core (traditional at K = 128 on EXPERT_DEALS deals,
# Par's scored expert at K = 32 on PAR_GAMES), and hint latency (K = 64).
EXPERT_DEALS ?= 100
PAR_GAMES ?= 3
bench-expert: build
	bench/expert.sh $(EXPERT_DEALS) 200 $(PAR_GAMES)

# The expert's rate at each of CONVERGE_K on CONVERGE_DEALS deals of
# CONVERGE_VARIANT, in SHARDS shards (one a core) on every core, and its
# change from one K to the next; shard files kept in build/converge
# (OUT=DIR), so a stopped run goes on.
CONVERGE_DEALS ?= 2000
CONVERGE_VARIANT ?= traditional
CONVERGE_K ?= 128 256
bench-converge: build
	bench/converge.sh $(CONVERGE_DEALS) $(CONVERGE_VARIANT) $(CONVERGE_K)

# Par's best scores: `solve -v par` deal by deal on PAR_DEALS seeds, every deal decided.
PAR_DEALS ?= 600
bench-par: build
	bench/par.sh $(PAR_DEALS)

# deal --winnable: winnable deals a second, traditional and microsoft, every core.
WINNABLE_DEALS ?= 200
bench-winnable: build
	bench/deal_winnable.sh $(WINNABLE_DEALS)

# Seconds per `pyramide rate` at its defaults, on RATED winnable deals a variant.
RATED ?= 10
bench-rate: build
	bench/rate.sh $(RATED)

# The deal of the day for DAILY_DAYS dates: each winnable and in its weekday's band.
DAILY_DAYS ?= 366
bench-daily: build
	bench/daily.sh $(DAILY_DAYS)

# The stats target: a million traditional deals on every core, timed.
LAST_SEED ?= 999999
bench-million: build
	bench/million.sh $(LAST_SEED)

# --shortest under Microsoft's rules, deal by deal, beside mchung94/pyramid-solver
# when sbcl is installed and MCHUNG94_SRC names its source: `make bench-shortest SHORTEST_DECKS=150`.
SHORTEST_DECKS ?= 150
bench-shortest: build
	bench/shortest.py $(SHORTEST_DECKS)

# The main job: deal a game and play it.
play: build
	$(BUILD)/pyramide play $(ARGS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)

# Installation: `make install PREFIX=/usr/local` (DESTDIR=... stages it
# elsewhere), `make uninstall` removes what the last install put in place
# ($(BUILD)/install_manifest.txt, under the DESTDIR that install used, which
# it notes in $(BUILD)/install_destdir.txt), `make package` writes the Debian
# package $(BUILD)/pyramide_VERSION_ARCH.deb: apt install ./$(BUILD)/pyramide_*.deb
PREFIX ?= /usr/local
.PHONY: install uninstall package
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"
	@printf '%s\n' "$(DESTDIR)" >$(BUILD)/install_destdir.txt

uninstall:
	@manifest=$(BUILD)/install_manifest.txt; \
	if [ ! -f "$$manifest" ]; then echo "pyramide: nothing to uninstall: no $$manifest (make install writes it)" >&2; exit 1; fi; \
	destdir=$$(cat $(BUILD)/install_destdir.txt 2>/dev/null || true); \
	while IFS= read -r f || [ -n "$$f" ]; do \
	    f=$$destdir$$f; \
	    if [ -e "$$f" ] || [ -L "$$f" ]; then rm -f "$$f" && echo "removed $$f"; fi; \
	done <"$$manifest"; \
	for d in $$(sed -n 's|^\(.*/share/pyramide\)/.*|\1|p; s|^\(.*/share/doc/pyramide\)/.*|\1|p' "$$manifest" | sort -u); do \
	    rmdir "$$destdir$$d/variants" "$$destdir$$d" 2>/dev/null || rmdir "$$destdir$$d" 2>/dev/null || true; \
	done; \
	rm -f "$$manifest" $(BUILD)/install_destdir.txt

package: build
	cd $(BUILD) && cpack -G DEB
	@deb=$$(ls -t $(BUILD)/pyramide_*.deb | head -n 1); \
	case $$deb in /*) ;; *) deb=./$$deb ;; esac; \
	echo "pyramide: install it with: apt install $$deb"
