/* png.c — PNG writing for shots, clip frames and screenshots: libpng with settings chosen for flat UI pictures. */
#include "render/png.h"

#include "util/safefile.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef __EMSCRIPTEN__
#include <png.h>

/*
 * Why these settings (instructions counted with callgrind on 1600x900 shots of kernel-build,
 * hackbench --compare and the dark theme): a rendered screen is mostly runs of identical pixels,
 * which deflate already finds as matches 4 bytes back in unfiltered RGBA. Row filtering adds
 * nothing there but time: libpng's default adaptive choice tries all five filters on every row
 * (about half of the old encoding time), and a fixed SUB, UP or PAETH filter made the files larger
 * than no filter at all. zlib level 3 is the strongest of its fast (non-lazy) levels: 4 and above
 * cost 1.8-2x the instructions for 5-20% smaller files. Z_RLE only matches 1 byte back: files
 * 2-9x larger. memLevel 6 instead of zlib's 8: a quarter of the hash table to rebase each time the
 * 32 KB window slides, 13% fewer instructions, files 0.3% larger. Together, for a 1600x900
 * kernel-build shot: 146 M instructions where IMG_SavePNG with libpng's defaults took 866 M, and
 * files 0.9-1.02x the old size.
 */
enum { PNG_ZLIB_LEVEL = 3, PNG_ZLIB_MEM_LEVEL = 6, PNG_IDAT_BUFFER = 64 * 1024 };

/* libpng reports through these; the error handler longjmps back into png_encode. */
typedef struct png_sink {
    sf_out *out;
    bool write_failed; /* the OS refused bytes: sf_commit has the reason */
    char msg[160];     /* libpng's own complaint otherwise */
} png_sink;

static void sink_write(png_structp p, png_bytep data, size_t len)
{
    png_sink *k = png_get_io_ptr(p);
    if (sf_write(k->out, data, len) != 0) {
        k->write_failed = true;
        png_error(p, "write failed"); /* stop encoding: nothing more can reach the file */
    }
}

static void sink_flush(png_structp p) { (void)p; } /* sf_commit flushes and fsyncs */

static void sink_error(png_structp p, png_const_charp msg)
{
    png_sink *k = png_get_error_ptr(p);
    snprintf(k->msg, sizeof k->msg, "%s", msg);
    png_longjmp(p, 1);
}

static void sink_warning(png_structp p, png_const_charp msg) { (void)p; (void)msg; } /* nothing to tell a user */

/* One row of ARGB8888 words as the bytes R, G, B: the alpha byte is left out. */
static void row_to_rgb(const uint32_t *src, int w, uint8_t *dst)
{
    for (int x = 0; x < w; x++, dst += 3) {
        uint32_t v = src[x];
        dst[0] = (uint8_t)(v >> 16);
        dst[1] = (uint8_t)(v >> 8);
        dst[2] = (uint8_t)v;
    }
}

/* One row of ARGB8888 words as the bytes R, G, B, A, a word at a time: on a little-endian machine
 * a word's bytes are B, G, R, A, so R and B swap places. */
static void row_to_rgba(const uint32_t *src, int w, uint32_t *dst)
{
    for (int x = 0; x < w; x++) {
        uint32_t v = src[x];
#if SDL_BYTEORDER == SDL_LIL_ENDIAN
        uint32_t b = SDL_Swap32(v); /* 0xBBGGRRAA: one rotation from 0xAABBGGRR, whose bytes are R, G, B, A */
        uint32_t o = (b >> 8) | (b << 24);
#else
        uint32_t o = (v << 8) | (v >> 24);
#endif
        dst[x] = o;
    }
}

/* 0, or -1 with k->write_failed or k->msg set. row holds s->w words. opaque: RGB, alpha left out. */
static int png_encode(png_sink *k, const SDL_Surface *s, uint32_t *row, bool opaque)
{
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, k, sink_error, sink_warning);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (!info) {
        snprintf(k->msg, sizeof k->msg, "out of memory");
        png_destroy_write_struct(&p, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(p))) { /* p and info are not changed after this point */
        png_destroy_write_struct(&p, &info);
        return -1;
    }
    png_set_write_fn(p, k, sink_write, sink_flush);
    png_set_IHDR(p, info, (png_uint_32)s->w, (png_uint_32)s->h, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_filter(p, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(p, PNG_ZLIB_LEVEL);
    png_set_compression_mem_level(p, PNG_ZLIB_MEM_LEVEL);
    png_set_compression_buffer_size(p, PNG_IDAT_BUFFER);
    png_write_info(p, info);
    for (int y = 0; y < s->h; y++) {
        const uint32_t *src = (const uint32_t *)((const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch);
        if (opaque) row_to_rgb(src, s->w, (uint8_t *)row);
        else row_to_rgba(src, s->w, row);
        png_write_row(p, (png_const_bytep)row);
    }
    png_write_end(p, info);
    png_destroy_write_struct(&p, &info);
    return 0;
}

static int save_argb(SDL_Surface *s, bool opaque, const char *path, char *err, size_t errlen)
{
    uint32_t *row = malloc((size_t)s->w * sizeof *row);
    if (!row) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    png_sink k = {.out = sf_open(path, 0666, err, errlen)};
    if (!k.out) {
        free(row);
        return -1;
    }
    if (SDL_MUSTLOCK(s)) SDL_LockSurface(s);
    int rc = png_encode(&k, s, row, opaque);
    if (SDL_MUSTLOCK(s)) SDL_UnlockSurface(s);
    free(row);
    if (rc != 0 && !k.write_failed) {
        snprintf(err, errlen, "%s: cannot encode the PNG: %s", path, k.msg);
        sf_abort(k.out);
        return -1;
    }
    return sf_commit(k.out, err, errlen); /* after a failed write: "PATH: cannot write: REASON" */
}

#else /* the browser build: SDL_image's own PNG writer (miniz), so the page needs no libpng */
#include <SDL_image.h>

/* Every byte goes to the safe output file, which keeps the first write error for sf_commit. */
static size_t rw_write_sf(SDL_RWops *rw, const void *p, size_t size, size_t num)
{
    return sf_write(rw->hidden.unknown.data1, p, size * num) == 0 ? num : 0;
}
static int rw_close_noop(SDL_RWops *rw) { SDL_FreeRW(rw); return 0; }

static int save_with_sdl_image(SDL_Surface *s, const char *path, char *err, size_t errlen)
{
    sf_out *out = sf_open(path, 0666, err, errlen);
    SDL_RWops *rw = out ? SDL_AllocRW() : NULL;
    if (!rw) {
        if (out) snprintf(err, errlen, "%s: out of memory", path);
        sf_abort(out);
        return -1;
    }
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->write = rw_write_sf;
    rw->close = rw_close_noop;
    rw->hidden.unknown.data1 = out;
    if (IMG_SavePNG_RW(s, rw, 1) != 0) {
        snprintf(err, errlen, "%s: cannot encode the PNG: %s", path, IMG_GetError());
        sf_abort(out);
        return -1;
    }
    return sf_commit(out, err, errlen);
}

static int save_argb(SDL_Surface *s, bool opaque, const char *path, char *err, size_t errlen)
{
    if (!opaque) return save_with_sdl_image(s, path, err, errlen);
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGB24, 0); /* written as RGB, no alpha */
    if (!rgb) {
        snprintf(err, errlen, "%s: cannot convert the picture: %s", path, SDL_GetError());
        return -1;
    }
    int rc = save_with_sdl_image(rgb, path, err, errlen);
    SDL_FreeSurface(rgb);
    return rc;
}
#endif

int rd_png_save(SDL_Surface *s, bool opaque, const char *path, char *err, size_t errlen)
{
    if (s->format->format == SDL_PIXELFORMAT_ARGB8888) return save_argb(s, opaque, path, err, errlen);
    SDL_Surface *conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!conv) {
        snprintf(err, errlen, "%s: cannot convert the picture: %s", path, SDL_GetError());
        return -1;
    }
    int rc = save_argb(conv, opaque, path, err, errlen);
    SDL_FreeSurface(conv);
    return rc;
}
