# Makefile — builds build/rcuvis, the engine library, the tests (plain and ASan+UBSan), benches.
#
#   make            build/rcuvis
#   make run        open the window on the default scenario (installs Debian packages if missing)
#   make test       all tests, then again under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      performance figures (simulated s per wall s, frame times)
#   make deps       apt-get install whatever pkg-config cannot find
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

CC      ?= cc
NPROC   := $(shell nproc 2>/dev/null || echo 2)
PREFIX  ?= /usr/local
BUILD   ?= build
SAN     ?=
PKGS     = sdl2 SDL2_ttf SDL2_image libcjson
WARN     = -Wall -Wextra -Werror -Wshadow -Wno-unused-parameter -Wstrict-prototypes
OPT     ?= -O2 -g
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
ifeq ($(SAN),1)
  OPT    = -O1 -g -fno-omit-frame-pointer
  SANFL  = -fsanitize=address,undefined -fno-sanitize-recover=undefined
endif
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CJSON_LIBS := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
CRIT_LIBS  := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(SANFL) $(PKG_CFLAGS) -Iengine -Iapp $(CFLAGS)
LDFLAGS_ALL = $(SANFL) $(LDFLAGS)

ENGINE_SRC := $(sort $(wildcard engine/*.c))
APP_SRC    := $(sort $(filter-out app/main.c,$(wildcard app/*.c)))
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
APP_OBJ    := $(APP_SRC:%.c=$(BUILD)/%.o)
ENG_TESTS  := $(patsubst tests/engine/%.c,$(BUILD)/tests/engine/%,$(sort $(wildcard tests/engine/test_*.c)))
APP_TESTS  := $(patsubst tests/app/%.c,$(BUILD)/tests/app/%,$(sort $(wildcard tests/app/test_*.c)))

.PHONY: all run test test-plain test-asan test-e2e bench deps deps-test install clean check-tools
all: $(BUILD)/rcuvis

$(BUILD)/%.o: %.c $(wildcard engine/*.h app/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/libengine.a: $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libapp.a: $(APP_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/rcuvis: $(BUILD)/app/main.o $(BUILD)/libapp.a $(BUILD)/libengine.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(PKG_LIBS) -lm

# Engine tests link the engine (and cJSON for the loader) only: no SDL.
$(BUILD)/tests/engine/%: tests/engine/%.c $(BUILD)/libengine.a tests/engine/*.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(SANFL) -Iengine -Itests/engine $(CFLAGS) $< -o $@ $(LDFLAGS_ALL) $(BUILD)/libengine.a $(CJSON_LIBS) $(CRIT_LIBS) -lm

$(BUILD)/tests/app/%: tests/app/%.c $(BUILD)/libapp.a $(BUILD)/libengine.a $(BUILD)/rcuvis
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Itests/app $< -o $@ $(LDFLAGS_ALL) $(BUILD)/libapp.a $(BUILD)/libengine.a $(PKG_LIBS) $(CRIT_LIBS) -lm

run: deps $(BUILD)/rcuvis
	./$(BUILD)/rcuvis

# Criterion runs each test binary; RCUVIS_BIN tells CLI tests which binary to drive.
test: deps deps-test
	$(MAKE) --no-print-directory -j$(NPROC) $(BUILD)/rcuvis $(ENG_TESTS) $(APP_TESTS)
	$(MAKE) --no-print-directory test-plain
	$(MAKE) --no-print-directory test-asan
	$(MAKE) --no-print-directory test-e2e

test-plain: $(BUILD)/rcuvis $(ENG_TESTS) $(APP_TESTS)
	@tools/run-tests.sh $(BUILD) $(ENG_TESTS) $(APP_TESTS)

test-asan:
	$(MAKE) --no-print-directory -j$(NPROC) BUILD=build-asan SAN=1 build-asan/rcuvis \
	  $(patsubst $(BUILD)/%,build-asan/%,$(ENG_TESTS) $(APP_TESTS))
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  tools/run-tests.sh build-asan $(patsubst $(BUILD)/%,build-asan/%,$(ENG_TESTS) $(APP_TESTS))

test-e2e: $(BUILD)/rcuvis
	@tools/e2e.sh $(BUILD)/rcuvis

bench: $(BUILD)/rcuvis
	@tools/bench.sh $(BUILD)/rcuvis

deps:
	@tools/deps.sh app

deps-test:
	@tools/deps.sh test

install: $(BUILD)/rcuvis
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/rcuvis/scenarios $(DESTDIR)$(PREFIX)/share/rcuvis/quizzes
	install -m 755 $(BUILD)/rcuvis $(DESTDIR)$(PREFIX)/bin/rcuvis
	install -m 644 scenarios/*.json $(DESTDIR)$(PREFIX)/share/rcuvis/scenarios/
	-install -m 644 quizzes/*.json $(DESTDIR)$(PREFIX)/share/rcuvis/quizzes/ 2>/dev/null

clean:
	rm -rf build build-asan
