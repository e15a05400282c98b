/* fuzz_quiz.c — the quiz loader on any bytes, then every question graded with a few typical answers. */
#include "fuzz.h"
#include "workbook/quiz.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    quiz_file q;
    static char err[16384];
    static const char *const answers[] = {"a", "ac", "abcdefg", "3", "261", "-1e308", "yes", "", "  B , a ", "nan"};
    if (quiz_parse(text, "fuzz.json", &q, true, err, sizeof err) == 0) {
        for (size_t l = 0; l < q.nlessons; l++)
            for (size_t i = 0; i < q.lessons[l].nquestions; i++)
                for (size_t k = 0; k < sizeof answers / sizeof *answers; k++) {
                    quiz_result r;
                    quiz_grade(&q.lessons[l].questions[i], answers[k], &r);
                }
        quiz_free(&q);
    }
    free(text);
    return 0;
}
