/* app_pch.h — the headers nearly every app test includes, precompiled once per tree (the Makefile passes it with -include). */
/*
 * Criterion's header and SDL's (through window/window.h) are ~60,000 lines that every one of the
 * ~55 app test files parsed anew, twice (plain and ASan): two thirds of a small test file's compile.
 * Precompiled, a test file compiles in about a third of the time. Each test still includes what it
 * uses; the include guards make this header's copies free. If the flags ever differ from the
 * header's, gcc ignores the .gch and reads this file as text: slower, never different.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "window/app.h"
#include "window/window.h"
