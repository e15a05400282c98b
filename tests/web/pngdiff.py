"""pngdiff.py — compare two PNG pictures pixel by pixel (standard library only: zlib + PNG filters).

  python3 tests/web/pngdiff.py A.png B.png [--max-mean 4] [--max-off 0.03] [--diff OUT.ppm]

Prints the mean absolute channel difference and the share of pixels off by more than 64 in some
channel; exits 1 when either is above its limit, 2 when the pictures cannot be compared.
"""
import sys, zlib, struct


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG file" % path)
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("%s: expected 8-bit RGB or RGBA, not interlaced (depth %d, type %d)" % (path, depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if w is None:
        raise ValueError("%s: no IHDR" % path)
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    # RGB only
    rgb = b"".join(r if bpp == 3 else bytes(v for k, v in enumerate(r) if k % 4 != 3) for r in rows)
    return w, h, rgb


def compare(a, b, diff_out=None):
    wa, ha, pa = read_png(a)
    wb, hb, pb = read_png(b)
    if (wa, ha) != (wb, hb):
        raise ValueError("sizes differ: %s is %dx%d, %s is %dx%d" % (a, wa, ha, b, wb, hb))
    total, off = 0, 0
    diff = bytearray(len(pa)) if diff_out else None
    for p in range(0, len(pa), 3):
        d0, d1, d2 = abs(pa[p] - pb[p]), abs(pa[p + 1] - pb[p + 1]), abs(pa[p + 2] - pb[p + 2])
        total += d0 + d1 + d2
        if d0 > 64 or d1 > 64 or d2 > 64:
            off += 1
            if diff is not None:
                diff[p] = 255
    if diff is not None:
        with open(diff_out, "wb") as f:
            f.write(b"P6 %d %d 255\n" % (wa, ha) + bytes(diff))
    n = wa * ha
    return total / (3.0 * n), off / n


def main(argv):
    args, opts = [], {"--max-mean": 4.0, "--max-off": 0.03, "--diff": None}
    i = 1
    while i < len(argv):
        if argv[i] in opts:
            opts[argv[i]] = argv[i + 1] if argv[i] == "--diff" else float(argv[i + 1])
            i += 2
        else:
            args.append(argv[i]); i += 1
    if len(args) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        mean, off = compare(args[0], args[1], opts["--diff"])
    except (OSError, ValueError, zlib.error) as e:
        print("pngdiff: %s" % e, file=sys.stderr)
        return 2
    ok = mean <= opts["--max-mean"] and off <= opts["--max-off"]
    print("pngdiff: mean channel difference %.2f (limit %.2f), %.2f%% of pixels off by > 64 (limit %.2f%%): %s"
          % (mean, opts["--max-mean"], 100 * off, 100 * opts["--max-off"], "same picture" if ok else "DIFFERENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
