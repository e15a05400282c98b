/* demo_app.h — a ui_app holding the built-in demo scenario, whatever scenarios/ holds (test_fit, test_glossary, test_help_keys). */
#ifndef RCUVIS_TEST_DEMO_APP_H
#define RCUVIS_TEST_DEMO_APP_H

#include "window/app.h"

#include <criterion/criterion.h>
#include <stdlib.h>

/* ui_app_init() and the built-in demo (RCUVIS_DATA hides the shipped scenarios while it loads);
 * free with ui_app_free(). */
static inline void demo_app_load(ui_app *a)
{
    ui_app_init(a);
    setenv("RCUVIS_DATA", "/nonexistent", 1);
    char err[512];
    cr_assert_eq(ui_app_load(a, NULL, -1, err, sizeof err), 0, "%s", err);
    unsetenv("RCUVIS_DATA");
}
#endif
