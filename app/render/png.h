/* png.h — a rendered picture written as a PNG file: fast, lossless, through util/safefile. */
#ifndef RCUVIS_RENDER_PNG_H
#define RCUVIS_RENDER_PNG_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* Write s (SDL_PIXELFORMAT_ARGB8888, any other format is converted first) to path as an 8-bit
 * PNG holding exactly its pixels: RGBA, alpha included, or with opaque RGB and the alpha left out
 * (a rendered screen: see rd_save_png()). The file is replaced atomically as util/safefile.h
 * promises. 0, or -1 with a message that names path. */
int rd_png_save(SDL_Surface *s, bool opaque, const char *path, char *err, size_t errlen);

#endif
