/* measure.h — internals shared by the measure runner and its tests: report paths, engine setup. */
#ifndef RCUVIS_QUIZ_MEASURE_H
#define RCUVIS_QUIZ_MEASURE_H

#include "workbook/quiz.h"
#include "rcuvis.h"

#include <stddef.h>

/* One number from the report JSON of `rcuvis run --json` (r, built from e, with the captions_missed
 * that `rcuvis run` adds) by dotted path; 0, or -1 with a message naming the keys that exist there. */
int quiz_report_value(const rv_report *r, const rv_engine *e, const char *path, quiz_value *out, char *err, size_t errlen);

/* Load the question's scenario with its overrides and seed into cfg (caller frees with
 * rv_config_free). 0, or -1 with "scenarios/x.json: ..." in err. */
int quiz_scenario_config(const quiz_question *q, rv_config *cfg, char *err, size_t errlen);

#endif
