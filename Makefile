# Makefile — builds build/rcuvis, the engine library, the tests (plain and ASan+UBSan), benches.
#
#   make            build/rcuvis
#   make run        open the window on the default scenario (installs Debian packages if missing)
#   make test       all tests, and again under AddressSanitizer + UndefinedBehaviorSanitizer (two at a time)
#   make bench      performance figures: engine cost against its floor, reproduce, window memory, frames
#   make fuzz       libFuzzer (clang) on the loaders for FUZZ_SECONDS each; new crashes go to build-fuzz/
#   make soak       the GUI monkey test at length (SOAK_EVENTS per scenario) on the ASan build, and
#                   reproduce's full-length runs (tests/e2e/reproduce.sh with RCUVIS_REPRODUCE_FULL=1)
#   make deps       apt-get install whatever pkg-config cannot find
#   make check-layout   fail on an #include that crosses a boundary the README forbids
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

CC      ?= cc
NPROC   := $(shell nproc 2>/dev/null || echo 2)
PREFIX  ?= /usr/local
BUILD   ?= build
SAN     ?=
PKGS     = sdl2 SDL2_ttf SDL2_image libcjson libpng
WARN     = -Wall -Wextra -Werror -Wshadow -Wno-unused-parameter -Wstrict-prototypes
OPT     ?= -O2 -g
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
# Release build (not SAN): the engine's objects carry LTO bytecode beside ordinary code (fat), so
# build/rcuvis is linked with cross-file optimisation of the simulation's hot paths while the test
# binaries link the ordinary code. Only the engine: LTO elsewhere (SDL drawing, JSON) gained
# nothing measurable and would cost make test ~8 s. LTO=0 turns it off; on by default with gcc only
# (the archive step needs gcc-ar's plugin).
# The compiler's kind is asked once (simply expanded): a recursive variable re-ran `cc -v` for every
# link recipe that used it, ~360 times in make test's build, ~7 s of its wall time.
CC_IS_GCC := $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo 1)
LTO     ?= $(CC_IS_GCC)
# Test sources (tests/*/*.c) are compiled with less optimisation than the code they test: their
# run time is the libraries' (built with OPT), while compiling ~100 Criterion files twice was half of
# make test's build. -O1 keeps gcc's flow warnings (maybe-uninitialized) on the plain tree; the ASan
# tree's tests at -O0 ran the three largest test files in the same time and compiled in 60 % of it.
# Their debug information is line tables only (-g1): a failure's or a sanitizer's stack still names
# each test frame's file and line, and the ~210 test files compile in ~20 % less time (test_lecture.c
# 1.61 to 1.25 s, test_callbacks.c 0.65 to 0.48 s, best of 3); for a debugger's view of a test's
# locals, `make TEST_OPT="-O0 -g"` (ASan tree: add -fno-omit-frame-pointer).
TEST_OPT ?= -O1 -g1
ifeq ($(SAN),1)
  # line tables (-g1) here too: the ASan tree is for the tests, whose reports need file and line,
  # not a debugger's locals; its ~126 library objects compile in ~15 % less time
  OPT    = -O1 -g1 -fno-omit-frame-pointer
  TEST_OPT = -O0 -g1 -fno-omit-frame-pointer
  SANFL  = -fsanitize=address,undefined -fno-sanitize-recover=undefined
  # UBSan's runtime linked into each binary rather than shared: the shared libubsan carries 6 MB of
  # zeroed globals (its own stack depot) that LeakSanitizer scans, page by page, at the exit of every
  # test process (~20 ms of the ~110 ms an empty ASan test process cost here); linked statically,
  # only the parts a binary uses come along (~0.6 MB). Messages and stacks are the same. gcc only
  # (clang's ASan runtime carries UBSan's itself).
  SANLD  = $(if $(CC_IS_GCC),-static-libubsan)
  LTO    = 0
endif
ifeq ($(LTO),1)
  LTOFL  = -flto=auto -ffat-lto-objects
  LTOLINK = -flto=auto $(OPT)
  NOLTO  = -fno-lto   # test binaries: gcc's linker plugin would otherwise run LTO on the fat objects
endif
# Test binaries and fuzz replays link with gold where the toolchain has it (Debian's binutils does):
# ~210 test links, each against the three archives and SDL's libraries, took 0.43 s of CPU with
# ld.bfd and 0.13 s with gold. build/rcuvis keeps the default linker (its LTO link).
ifeq ($(origin TEST_LD),undefined)
  TEST_LD := $(shell $(CC) -fuse-ld=gold -Wl,--version 2>/dev/null | grep -q 'GNU gold' && echo -fuse-ld=gold)
endif
# SDL.h pulls in every x86 intrinsics header (SDL_cpuinfo.h: ~60,000 of the ~76,000 lines a window
# file compiles); nothing here uses them, and skipping them cut a file's compile to a third or half.
SDL_NO_INTRIN = -DSDL_DISABLE_IMMINTRIN_H -DSDL_DISABLE_MMINTRIN_H -DSDL_DISABLE_XMMINTRIN_H \
  -DSDL_DISABLE_EMMINTRIN_H -DSDL_DISABLE_PMMINTRIN_H
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null) $(SDL_NO_INTRIN)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CJSON_LIBS := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
CRIT_LIBS  := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(SANFL) $(FUZZFL) $(PKG_CFLAGS) -Iengine -Iscenario -Iapp -Iassets $(CFLAGS)
LDFLAGS_ALL = $(SANFL) $(SANLD) $(LDFLAGS)
AR_LTO     := $(if $(LTOFL),gcc-ar,ar)

# engine/: the RCU model (no files, no JSON). scenario/: the file format (cJSON). app/*/: the rest.
ENGINE_SRC   := $(sort $(wildcard engine/*.c))
SCENARIO_SRC := $(sort $(wildcard scenario/*.c))
APP_SRC      := $(sort $(filter-out app/main.c,$(wildcard app/*.c app/*/*.c app/*/*/*.c)))
ALL_HDR      := $(wildcard engine/*.h scenario/*.h app/*.h app/*/*.h app/*/*/*.h) assets/palettes.def
ENGINE_OBJ   := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
SCENARIO_OBJ := $(SCENARIO_SRC:%.c=$(BUILD)/%.o)
APP_OBJ      := $(APP_SRC:%.c=$(BUILD)/%.o)
ENG_TESTS  := $(patsubst tests/engine/%.c,$(BUILD)/tests/engine/%,$(sort $(wildcard tests/engine/test_*.c)))
APP_TESTS  := $(patsubst tests/app/%.c,$(BUILD)/tests/app/%,$(sort $(wildcard tests/app/test_*.c)))

.PHONY: all run test test-build asan-build test-plain test-asan test-e2e bench deps deps-test install clean check-tools check-layout \
        fuzz fuzz-replay soak
all: $(BUILD)/rcuvis

# Each object depends on the headers it includes, as gcc lists them beside it (-MMD: $(BUILD)/x.d,
# read at the end of this file; -MP: a header since deleted does not stop make). An object with no
# .d yet (a build from before this rule) depends on every header once, so nothing stale survives.
DEPFL = -MMD -MP
.SECONDEXPANSION:
HDRS_UNLESS_DEPS = $$(if $$(wildcard $$(basename $$@).d),,$$(ALL_HDR))

$(BUILD)/%.o: %.c $(HDRS_UNLESS_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(DEPFL) -c $< -o $@

$(ENGINE_OBJ): CFLAGS_ALL += $(LTOFL)

$(BUILD)/libengine.a: $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR_LTO) rcs $@ $^

$(BUILD)/libscenario.a: $(SCENARIO_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR_LTO) rcs $@ $^

$(BUILD)/libapp.a: $(APP_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR_LTO) rcs $@ $^

$(BUILD)/rcuvis: $(BUILD)/app/main.o $(BUILD)/libapp.a $(BUILD)/libscenario.a $(BUILD)/libengine.a
	$(CC) $(LDFLAGS_ALL) $(LTOLINK) -o $@ $^ $(PKG_LIBS) -lm

# ...but the invariant checker (tests/engine/test_invariants.c, also #included by
# test_regress_invariants.c) runs on every event of hundreds of runs: it keeps the tree's OPT.
$(BUILD)/tests/engine/test_invariants.o $(BUILD)/tests/engine/test_regress_invariants.o: TEST_OPT = $(OPT)

# Every test binary links tests/support/no_ca_bundle.c, exported so that libgit2 (Criterion's) calls
# it instead of mbed TLS's certificate parser at each test process's start (see the file).
TEST_SUPPORT = $(BUILD)/tests/support/no_ca_bundle.o
# ...and, under ASan, tests/support/leak_scan_prefault.c (LeakSanitizer's exit scan, see the file).
ifeq ($(SAN),1)
  TEST_SUPPORT += $(BUILD)/tests/support/leak_scan_prefault.o
endif
TEST_EXPORTS = -Wl,--export-dynamic-symbol=mbedtls_x509_crt_parse_file -Wl,--export-dynamic-symbol=mbedtls_x509_crt_parse_path
# A test that leaks on purpose (ASan tree only): tools/test-all.sh checks that tools/unit.sh fails it.
$(BUILD)/tests/support/leak_canary: tests/support/leak_canary.c $(TEST_SUPPORT)
	$(CC) $(CSTD) $(WARN) $(TEST_OPT) $(SANFL) $(NOLTO) $< $(TEST_SUPPORT) -o $@ $(TEST_LD) $(TEST_EXPORTS) $(LDFLAGS_ALL) $(CRIT_LIBS)
# Tests of that runner, run through it by tests/e2e/in_process.sh.
$(BUILD)/tests/support/runner_canary: tests/support/runner_canary.c $(TEST_SUPPORT)
	$(CC) $(CSTD) $(WARN) $(TEST_OPT) $(SANFL) $(NOLTO) $< $(TEST_SUPPORT) -o $@ $(TEST_LD) $(TEST_EXPORTS) $(LDFLAGS_ALL) $(CRIT_LIBS)
# The in-process runner tools/unit.sh --in-process preloads into a test binary (see the file). Built
# without sanitizers in the plain tree only; the ASan lane preloads it after ASan's runtime.
IN_PROCESS = $(BUILD)/tests/support/in_process.so
$(IN_PROCESS): tests/support/in_process.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g -fPIC -shared $< -o $@
$(BUILD)/tests/support/%.o: tests/support/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(TEST_OPT) $(SANFL) $(NOLTO) -c $< -o $@

# A test file is compiled to its own object (with its headers as dependencies, -MMD) and linked
# apart: a change to a library's code relinks the ~110 test binaries of a tree (gold, ~0.1 s each)
# instead of compiling them all again.
# Engine tests link the engine and the scenario loader (cJSON) only: no SDL.
$(BUILD)/tests/engine/%.o: tests/engine/%.c $$(if $$(wildcard $$(basename $$@).d),,$$(ALL_HDR) tests/engine/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(TEST_OPT) $(SANFL) $(NOLTO) -Iengine -Iscenario -Itests/engine $(CFLAGS) $(DEPFL) -c $< -o $@
# kept after linking (make would delete them as intermediate files, and compile them all again next time)
.SECONDARY: $(ENG_TESTS:=.o) $(APP_TESTS:=.o)
$(BUILD)/tests/engine/%: $(BUILD)/tests/engine/%.o $(BUILD)/libscenario.a $(BUILD)/libengine.a $(TEST_SUPPORT)
	$(CC) $(TEST_OPT) $(SANFL) $(NOLTO) $< $(TEST_SUPPORT) -o $@ $(TEST_LD) $(TEST_EXPORTS) $(LDFLAGS_ALL) $(BUILD)/libscenario.a $(BUILD)/libengine.a $(CJSON_LIBS) $(CRIT_LIBS) -lm

# App tests compile with tests/support/app_pch.h precompiled (Criterion's and SDL's headers, parsed
# once per tree instead of once per file): the copy beside the .gch is what -include names.
APP_TEST_CFLAGS = $(CSTD) $(WARN) $(TEST_OPT) $(SANFL) $(FUZZFL) $(PKG_CFLAGS) -Iengine -Iscenario -Iapp -Iassets $(CFLAGS) $(NOLTO) -Itests/app
APP_PCH = $(BUILD)/tests/support/app_pch.h
$(APP_PCH).gch: tests/support/app_pch.h $$(if $$(wildcard $$(basename $$@).d),,$$(ALL_HDR))
	@mkdir -p $(dir $@)
	cp tests/support/app_pch.h $(APP_PCH)
	$(CC) $(APP_TEST_CFLAGS) $(DEPFL) -MF $(basename $@).d -x c-header $(APP_PCH) -o $@

# (the binary waits for build/rcuvis, which the CLI tests run, without relinking when it changes)
$(BUILD)/tests/app/%.o: tests/app/%.c $(APP_PCH).gch $$(if $$(wildcard $$(basename $$@).d),,$$(ALL_HDR) tests/app/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(APP_TEST_CFLAGS) $(DEPFL) -include $(APP_PCH) -c $< -o $@
$(BUILD)/tests/app/%: $(BUILD)/tests/app/%.o $(BUILD)/libapp.a $(BUILD)/libscenario.a $(BUILD)/libengine.a $(TEST_SUPPORT) | $(BUILD)/rcuvis
	$(CC) $(TEST_OPT) $(SANFL) $(NOLTO) $< $(TEST_SUPPORT) -o $@ $(TEST_LD) $(TEST_EXPORTS) $(LDFLAGS_ALL) $(BUILD)/libapp.a $(BUILD)/libscenario.a $(BUILD)/libengine.a $(PKG_LIBS) $(CRIT_LIBS) -lm

# Fuzz harnesses (tests/fuzz/): built with gcc and replay.c's main for `make test`, which replays
# the seed corpora and every crash found so far; with clang's libFuzzer for `make fuzz`.
FUZZ_HARNESSES := scenario quiz set progress
FUZZ_REPLAY    := $(FUZZ_HARNESSES:%=$(BUILD)/fuzz/replay_%)
FUZZ_LIBS = $(BUILD)/libapp.a $(BUILD)/libscenario.a $(BUILD)/libengine.a
FUZZ_SECONDS ?= 60

$(BUILD)/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz_common.c tests/fuzz/fuzz.h $(FUZZ_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(NOLTO) -Itests/fuzz tests/fuzz/fuzz_$*.c tests/fuzz/fuzz_common.c tests/fuzz/replay.c -o $@ $(TEST_LD) $(LDFLAGS_ALL) $(FUZZ_LIBS) $(PKG_LIBS) -lm

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.c tests/fuzz/fuzz.h $(FUZZ_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fsanitize=fuzzer -Itests/fuzz tests/fuzz/fuzz_$*.c tests/fuzz/fuzz_common.c -o $@ $(LDFLAGS_ALL) -fsanitize=fuzzer $(FUZZ_LIBS) $(PKG_LIBS) -lm

fuzz-replay: $(FUZZ_REPLAY)
	@tools/fuzz-replay.sh $(BUILD)

fuzz:
	@tools/deps.sh fuzz
	$(MAKE) --no-print-directory -j$(NPROC) BUILD=build-fuzz CC=clang SAN=1 FUZZFL=-fsanitize=fuzzer-no-link \
	  $(FUZZ_HARNESSES:%=build-fuzz/fuzz/fuzz_%)
	@tools/fuzz.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

soak: $(BUILD)/rcuvis
	$(MAKE) --no-print-directory -j$(NPROC) BUILD=build-asan SAN=1 build-asan/rcuvis
	@MONKEY_EVENTS=$${SOAK_EVENTS:-20000} RCUVIS_BIN=$$PWD/build-asan/rcuvis RCUVIS_ROOT=$$PWD bash tests/e2e/monkey.sh
	@RCUVIS_REPRODUCE_FULL=1 RCUVIS_BIN=$$PWD/$(BUILD)/rcuvis RCUVIS_ROOT=$$PWD bash tests/e2e/reproduce.sh

run: deps $(BUILD)/rcuvis
	./$(BUILD)/rcuvis

# make test: both trees built by one make -j$(NPROC) (plain and ASan+UBSan side by side), then every
# test binary, fuzz replay and end-to-end script two at a time (tools/test-all.sh, tools/pool.sh),
# each with its time; the build's commands go to $(BUILD)/make-test.log, shown when it fails.
# RCUVIS_BIN tells CLI tests which binary to drive.
ASAN_TESTS := $(patsubst $(BUILD)/%,build-asan/%,$(ENG_TESTS) $(APP_TESTS) $(FUZZ_REPLAY)) build-asan/tests/support/leak_canary
STEP = tools/step.sh

test: deps deps-test
	@tools/check-layout.sh
	@$(STEP) "build: plain and ASan+UBSan, -j$(NPROC)" $(BUILD)/make-test.log $(MAKE) --no-print-directory -j$(NPROC) test-build
	@$(STEP) "tests: unit (plain, ASan), fuzz replay, e2e" - tools/test-all.sh $(BUILD) build-asan

test-build: $(BUILD)/rcuvis $(ENG_TESTS) $(APP_TESTS) $(FUZZ_REPLAY) $(IN_PROCESS) $(BUILD)/tests/support/runner_canary asan-build

# the ASan tree in a sub-make that shares this make's job slots (no -j of its own)
asan-build:
	+@$(MAKE) --no-print-directory BUILD=build-asan SAN=1 build-asan/rcuvis $(ASAN_TESTS)

test-plain: $(BUILD)/rcuvis $(ENG_TESTS) $(APP_TESTS) $(FUZZ_REPLAY) $(IN_PROCESS)
	@tools/test-all.sh --plain $(BUILD) build-asan

test-asan: $(IN_PROCESS)
	@$(MAKE) --no-print-directory -j$(NPROC) asan-build
	@tools/test-all.sh --asan $(BUILD) build-asan

test-e2e: $(BUILD)/rcuvis $(IN_PROCESS) $(BUILD)/tests/support/runner_canary
	@tools/test-all.sh --e2e $(BUILD) build-asan

bench: $(BUILD)/rcuvis
	@tools/bench.sh $(BUILD)/rcuvis

check-layout:
	@tools/check-layout.sh

deps:
	@tools/deps.sh app

deps-test:
	@tools/deps.sh test

install: $(BUILD)/rcuvis
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/rcuvis/scenarios $(DESTDIR)$(PREFIX)/share/rcuvis/quizzes \
	  $(DESTDIR)$(PREFIX)/share/rcuvis/assets/icons $(DESTDIR)$(PREFIX)/share/applications \
	  $(DESTDIR)$(PREFIX)/share/metainfo $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps
	install -m 755 $(BUILD)/rcuvis $(DESTDIR)$(PREFIX)/bin/rcuvis
	install -m 644 scenarios/*.json $(DESTDIR)$(PREFIX)/share/rcuvis/scenarios/
	install -m 644 quizzes/*.json $(DESTDIR)$(PREFIX)/share/rcuvis/quizzes/
	install -m 644 assets/icons/*.png assets/icons/*.svg $(DESTDIR)$(PREFIX)/share/rcuvis/assets/icons/
	install -m 644 assets/rcuvis.desktop $(DESTDIR)$(PREFIX)/share/applications/rcuvis.desktop
	install -m 644 assets/io.github.rcuvis.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/
	install -m 644 assets/icons/rcuvis.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/rcuvis.svg
	install -m 644 assets/icons/rcuvis.png $(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps/rcuvis.png

clean:
	rm -rf build build-asan build-fuzz

# ---------------------------------------------------------------------------------------------
# The browser build: the same sources compiled to WebAssembly with Debian's emscripten, against
# SDL2, SDL2_ttf, SDL2_image, FreeType and cJSON built from Debian's source packages
# (tools/web/build-deps.sh, once, cached in $(BUILD)/web-deps). Not part of `make test`: see the
# README's "In the browser" for what runs where.
#   make web         $(BUILD)/web/: index.html, rcuvis.js, rcuvis.wasm, rcuvis.data (any static server)
#   make serve-web   build, then serve it on http://127.0.0.1:8000/
#   make test-web    headless chromium: first frame, console, keys, picture vs `rcuvis shot`, links and cues,
#                    downloads (F12, Ctrl+E), drop and Ctrl+O file dialog, IndexedDB across a reload, bad links
#   make bench-web   engine speed in headless chromium against native (figures only)
.PHONY: web serve-web test-web bench-web web-deps deps-web FORCE
FORCE:
WEB       ?= $(BUILD)/web
WEB_DEPS  ?= $(BUILD)/web-deps
WEB_OBJ   ?= $(BUILD)/web-obj
WEB_STAGE := $(BUILD)/web-stage
EMCC      ?= emcc
# Debian's emscripten runs its JS tools with node and Debian's node-acorn; a node not from Debian
# (nodesource) does not look in /usr/share/nodejs by itself
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
WEB_PREFIX := $(WEB_DEPS)/prefix
WEB_STAMP  := $(WEB_DEPS)/stamps/all
# optimisation, for compiling and linking alike (bench-web: O2 and O3 -flto measured the same within
# the noise); a change of flags rebuilds the objects ($(WEB_OBJ)/.flags)
WEB_OPT    ?= -O2
WEB_CFLAGS  = $(CSTD) $(WARN) $(WEB_OPT) -I$(WEB_PREFIX)/include -I$(WEB_PREFIX)/include/SDL2 -I$(WEB_PREFIX)/include/cjson -Iengine -Iscenario -Iapp -Iassets
WEB_LIBS    = $(WEB_PREFIX)/lib/libSDL2_ttf.a $(WEB_PREFIX)/lib/libSDL2_image.a $(WEB_PREFIX)/lib/libfreetype.a \
              $(WEB_PREFIX)/lib/libSDL2.a $(WEB_PREFIX)/lib/libcjson.a
WEB_LDFLAGS = $(WEB_OPT) -sENVIRONMENT=web -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=67108864 \
              -sEXPORTED_RUNTIME_METHODS=ccall,FS,UTF8ToString -lidbfs.js
WEB_OBJS   := $(addprefix $(WEB_OBJ)/,$(ENGINE_SRC:.c=.o) $(SCENARIO_SRC:.c=.o) $(APP_SRC:.c=.o))
WEB_FONTS  := DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf
WEB_DATA   := $(wildcard scenarios/*.json quizzes/*.json) assets/icons/rcuvis-64.png

web: deps-web $(WEB)/index.html $(WEB)/rcuvis.js

deps-web:
	@tools/deps.sh web

web-deps: $(WEB_STAMP)
$(WEB_STAMP): tools/web/build-deps.sh
	tools/web/build-deps.sh $(WEB_DEPS)

$(WEB_OBJ)/%.o: %.c $(ALL_HDR) $(wildcard app/window/web*.h) $(WEB_STAMP) $(WEB_OBJ)/.flags
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -c $< -o $@

# rewritten only when the flags differ from the last build's, so objects follow WEB_OPT changes
$(WEB_OBJ)/.flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(WEB_CFLAGS) | $(WEB_LDFLAGS)' | cmp -s - $@ || echo '$(WEB_CFLAGS) | $(WEB_LDFLAGS)' > $@

# the page's data, packed into rcuvis.data: scenarios, quizzes, icon, and the DejaVu fonts copied
# from Debian's fonts-dejavu-core (assets/fonts/README.md: no font binary is committed)
$(WEB_STAGE)/.stamp: $(WEB_DATA)
	@for f in $(WEB_FONTS); do [ -f /usr/share/fonts/truetype/dejavu/$$f ] || \
	  { echo "web: /usr/share/fonts/truetype/dejavu/$$f missing: apt-get install fonts-dejavu-core" >&2; exit 2; }; done
	rm -rf $(WEB_STAGE) && mkdir -p $(WEB_STAGE)/scenarios $(WEB_STAGE)/quizzes $(WEB_STAGE)/assets/fonts $(WEB_STAGE)/assets/icons
	cp scenarios/*.json $(WEB_STAGE)/scenarios/ && cp quizzes/*.json $(WEB_STAGE)/quizzes/
	cp assets/icons/rcuvis-64.png $(WEB_STAGE)/assets/icons/
	cp $(addprefix /usr/share/fonts/truetype/dejavu/,$(WEB_FONTS)) $(WEB_STAGE)/assets/fonts/
	touch $@

$(WEB)/rcuvis.js: $(WEB_OBJS) $(WEB_STAGE)/.stamp assets/web/pre.js $(WEB_OBJ)/.flags
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_LDFLAGS) --pre-js assets/web/pre.js --preload-file $(WEB_STAGE)@/rcuvis --exclude-file '*.stamp' \
	  -o $@ $(WEB_OBJS) $(WEB_LIBS)

$(WEB)/index.html: assets/web/index.html
	@mkdir -p $(dir $@)
	cp $< $@

# `rcuvis` itself (app/main.c: run, check, ...) as a page, for bench-web: `rcuvis run` in the browser.
# Subcommands a page cannot run (anim spawns ffmpeg: posix_spawnp) stay unresolved; bench-web only runs `run`.
$(BUILD)/web-bench/rcuvis-cli.js: $(WEB_OBJ)/app/main.o $(WEB_OBJS) $(WEB_STAGE)/.stamp tests/web/bench.html
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_LDFLAGS) -sERROR_ON_UNDEFINED_SYMBOLS=0 --preload-file $(WEB_STAGE)@/ --exclude-file '*.stamp' \
	  -o $@ $(WEB_OBJ)/app/main.o $(filter-out $(WEB_OBJ)/app/window/web_entry.o,$(WEB_OBJS)) $(WEB_LIBS)
	cp tests/web/bench.html $(BUILD)/web-bench/index.html

serve-web: web
	@echo "rcuvis: http://127.0.0.1:8000/  (Ctrl+C stops the server)"
	cd $(WEB) && python3 -m http.server 8000 --bind 127.0.0.1

test-web: web $(BUILD)/rcuvis
	@tests/web/test-web.sh $(BUILD)

bench-web: $(BUILD)/web-bench/rcuvis-cli.js $(BUILD)/rcuvis
	@tests/web/bench-web.sh $(BUILD)

# the headers each object was compiled with (see DEPFL); last, so that no rule in them is the default goal
-include $(wildcard $(ENGINE_OBJ:.o=.d) $(SCENARIO_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(BUILD)/app/main.d \
  $(BUILD)/tests/engine/*.d $(BUILD)/tests/app/*.d $(BUILD)/tests/support/*.d)
