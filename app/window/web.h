/* web.h — the browser build's hand-over from cmd_window's setup to the browser's frame callback. */
#ifndef RCUVIS_WEB_H
#define RCUVIS_WEB_H
#include "window/window.h"

/* Browsers own the loop: register the frame with emscripten_set_main_loop and unwind cmd_window's
 * stack (never returns). w, win and ren stay alive for the page's lifetime. (web_main.c) */
void web_run_loop(ui_win *w, SDL_Window *win, SDL_Renderer *ren);
/* The moment, CPU and theme the page URL asked for; applied when the loop starts. (web_main.c) */
struct web_url;
void web_set_url(const struct web_url *u);
/* Open the browser's file dialog for a scenario file (Ctrl+O in the page); the file chosen comes
 * back through web_open() like a drop. Browsers allow this only soon after a key press or a click,
 * which is when the window's input handling calls it. (web_files.c) */
void web_pick_file(void);
/* Show a message in the page, where a terminal would show it. (web_main.c) */
void web_page_error(const char *msg);
/* Once per frame: hand files the program wrote to the downloads folder to the browser, and push
 * changed saved state (settings, workbook progress) to IndexedDB. (web_files.c) */
void web_files_frame(double now_ms);
#endif
