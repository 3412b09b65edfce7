#!/usr/bin/env python3
# Board pictures rendered by a real browser (issue 19), checked on their pixels.
#
#   python3 .ci/board_png.py BASE_URL OUT_DIR [CHROMIUM]
#
# Fetches pictures from a running server (POST /v1/board.svg): the start position of every
# variant, a chu game whose last move is a lion's double capture with promoted pieces on
# the board, and a tai game whose last move is a capture; and with GET /v1/board.svg the
# chu game flipped, the chu start with Latin labels and at 600 pixels wide, a chu position
# in check and a chu game that has ended. Renders each to PNG in headless Chromium at one
# pixel per unit, with a fontconfig that offers no CJK font (the kanji are outlines in the
# SVG and must show without one), and decodes the PNG with the standard library (zlib,
# struct). Then checks facts that fail when the drawing is wrong:
#   - the picture is not blank (the board colour covers much of it, many colours in all);
#   - a piece stands in exactly the cells where the position text (the catalogue's start
#     position, or the final position of POST /v1/replay) has one, with file 1 on the
#     right and rank a at the top (flipped: file 1 on the left, rank a at the bottom);
#   - Black's pieces point up and White's down (more of the piece's face in its wide end),
#     the other way round when flipped;
#   - the kanji are drawn: two pieces of one kind on a rank look the same, two different
#     kinds differ (missing fonts draw every name as the same empty boxes);
#   - red appears exactly in the cells of promoted pieces (none in a start position);
#   - a game's last move is filled in its colours on its squares and the squares where it
#     removed pieces are ringed in blue, and those colours appear nowhere else;
#   - the check mark's orange fills the royal's square in check and appears nowhere else
#     (nowhere in a picture without check); the dark band of a finished game appears in
#     that picture only;
#   - a picture asked 600 pixels wide is rendered 600 pixels wide.
# Prints the size of each SVG and the times to fetch and render it; exits 1 on a failed
# check. Only the standard library.

import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import zlib
from pathlib import Path

# The colours of the drawing (src/engine/picture/svg.rs).
BOARD = (0xE6, 0xC2, 0x7A)
PIECE = (0xFC, 0xEB, 0xC2)
LAST_FROM = (0xB9, 0xDC, 0xA0)
LAST_PATH = (0x6C, 0xBF, 0x5A)
REMOVED = (0x1E, 0x64, 0xC8)
CHECK = (0xF3, 0x9C, 0x34)
# Where Latin fonts live (Debian's fonts-dejavu-core, pulled in by chromium).
LATIN_FONT_DIRS = ["/usr/share/fonts/truetype/dejavu"]
ENDING = (0x27, 0x32, 0x5A)
# With no mark but the last move's.
NO_MARKS = {"check colour": (CHECK, {})}

CHU_GAME = {
    "variant": "chu",
    "start": "6k5/12/7+P4/2+r9/12/5p6/5p6/5N6/12/12/12/6K5 b - 1",
    "moves": ["7h7g7f"],
}
# White's rook on 6e gives check to Black's king on 6l.
CHU_CHECK = {"variant": "chu", "position": "6k5/12/12/12/6r5/12/12/12/12/P11/12/6K5 b - 1"}
# Black's rook takes White's king: Black has won.
CHU_ENDED = {"variant": "chu", "start": "6k4g/12/12/12/12/12/12/12/12/12/P11/6R4K b - 1",
             "moves": ["6l6a"]}
TAI_GAME = {
    "variant": "tai",
    "moves": ["13s13r", "13g13h", "13r13q", "13h13i", "13q13p", "13i13j", "13p13o",
              "13j13k", "13o13n", "13k13l", "13n13m", "13l13m"],
}

failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def query(body):
    """The GET form's query string of a POST body."""
    pairs = []
    for key, value in body.items():
        if key == "moves":
            value = ",".join(value)
        elif isinstance(value, bool):
            value = "true" if value else "false"
        pairs.append((key, str(value)))
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def request(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.headers.get("content-type", ""), r.read()


def read_png(path):
    """Width, height and rows of RGB triples of an 8-bit, non-interlaced PNG."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unexpected PNG format"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif f == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line) if bpp == 3 else bytes(
            v for i in range(0, stride, 4) for v in line[i:i + 3]))
        prev = line
    return width, height, rows


class Picture:
    def __init__(self, name, svg, png, files, ranks, flip=False):
        self.name = name
        self.flip = flip
        self.width, self.height, self.rows = read_png(png)
        text = svg.decode()
        board = text[text.index('<rect class="board"'):]
        attr = lambda k: int(board.split(f' {k}="', 1)[1].split('"', 1)[0])
        self.x0, self.y0 = attr("x"), attr("y")
        self.cell = attr("width") // files
        self.files, self.ranks = files, ranks

    def pixel(self, x, y):
        r = self.rows[y]
        return r[3 * x], r[3 * x + 1], r[3 * x + 2]

    def cell_box(self, square):
        """Pixel box (x0, y0, x1, y1) inside a square's cell, its grid line left out."""
        file, rank = int(square[:-1]), ord(square[-1]) - ord("a")
        col = self.files - file
        if self.flip:
            col, rank = file - 1, self.ranks - 1 - rank
        x, y = self.x0 + col * self.cell, self.y0 + rank * self.cell
        return x + 2, y + 2, x + self.cell - 1, y + self.cell - 1

    def count(self, match, box=None):
        x0, y0, x1, y1 = box or (0, 0, self.width, self.height)
        return sum(1 for y in range(y0, y1) for x in range(x0, x1) if match(self.pixel(x, y)))

    def block(self, square):
        x0, y0, x1, y1 = self.cell_box(square)
        return [self.rows[y][3 * x0:3 * x1] for y in range(y0, y1)]


def near(colour, tolerance=6):
    return lambda p: all(abs(a - b) <= tolerance for a, b in zip(p, colour))


def red(p):
    return p[0] > 170 and p[1] < 90 and p[2] < 90


def squares_of(position, files):
    """Every occupied square of position text with its token: {'7f': 'N', ...}."""
    out = {}
    for r, rank in enumerate(position.split()[0].split("/")):
        if "," in rank:
            tokens = rank.split(",")
        else:
            tokens, i = [], 0
            while i < len(rank):
                j = i
                if rank[i].isdigit():
                    while j < len(rank) and rank[j].isdigit():
                        j += 1
                else:
                    j += 2 if rank[i] == "+" else 1
                tokens.append(rank[i:j])
                i = j
        file = files
        for t in tokens:
            if t.isdigit():
                file -= int(t)
            else:
                out[f"{file}{chr(ord('a') + r)}"] = t
                file -= 1
    return out


def check_pieces(pic, position):
    pieces = squares_of(position, pic.files)
    face = near(PIECE, 8)
    wrong, turned = [], []
    for f in range(1, pic.files + 1):
        for r in range(pic.ranks):
            sq = f"{f}{chr(ord('a') + r)}"
            x0, y0, x1, y1 = pic.cell_box(sq)
            n = pic.count(face, (x0, y0, x1, y1))
            if (n > pic.cell * pic.cell // 8) != (sq in pieces):
                wrong.append(sq)
            elif sq in pieces:
                third = (y1 - y0) // 3
                top = pic.count(face, (x0, y0, x1, y0 + third))
                bottom = pic.count(face, (x0, y1 - third, x1, y1))
                white = pieces[sq].lstrip("+")[0].islower()
                if (top > bottom) != (white != pic.flip):
                    turned.append(sq)
    check(not wrong, f"{pic.name}: a piece in exactly the {len(pieces)} occupied cells"
          + (f" (wrong: {wrong[:8]})" if wrong else ""))
    check(not turned, f"{pic.name}: Black's pieces point " + ("down, White's up" if pic.flip else "up, White's down")
          + (f" (wrong: {turned[:8]})" if turned else ""))
    return pieces


def check_kanji(pic, pieces, least=20):
    """On Black's back rank: same tokens look the same, different tokens differ (in more
    than 1/`least` of the cell: less for one small Latin letter than for kanji)."""
    back = chr(ord("a") + pic.ranks - 1)
    row = [(f, pieces.get(f"{f}{back}")) for f in range(1, pic.files + 1)]
    row = [(f, t) for f, t in row if t]
    same = next(((a, b) for i, a in enumerate(row) for b in row[i + 1:] if a[1] == b[1]), None)
    other = next(((a, b) for i, a in enumerate(row) for b in row[i + 1:] if a[1] != b[1]), None)

    def differing(a, b):
        """Pixels that differ by more than anti-aliasing does."""
        ba, bb = pic.block(f"{a[0]}{back}"), pic.block(f"{b[0]}{back}")
        return sum(1 for ra, rb in zip(ba, bb) for i in range(0, len(ra), 3)
                   if max(abs(ra[i + k] - rb[i + k]) for k in range(3)) > 48)

    area = pic.cell * pic.cell
    if same:
        d = differing(*same)
        check(d < area // 50, f"{pic.name}: {same[0][1]} on files {same[0][0]} and {same[1][0]} "
              f"look alike ({d} pixels differ)")
    if other:
        d = differing(*other)
        check(d > area // least, f"{pic.name}: {other[0][1]} and {other[1][1]} look different "
              f"({d} pixels differ)")


def check_red(pic, pieces):
    promoted = [sq for sq, t in pieces.items() if t.startswith("+")]
    inside = sum(pic.count(red, pic.cell_box(sq)) for sq in promoted)
    total = pic.count(red)
    check(total == inside, f"{pic.name}: no red outside the {len(promoted)} promoted pieces "
          f"({total - inside} red pixels elsewhere)")
    for sq in promoted:
        n = pic.count(red, pic.cell_box(sq))
        check(n > 30, f"{pic.name}: the promoted piece on {sq} is written in red ({n} red pixels)")


def check_marks(pic, marks):
    """`marks`: colour name -> (colour, {square: least share of the cell in that colour})."""
    for name, (colour, where) in marks.items():
        match = near(colour)
        for sq, share in where.items():
            n = pic.count(match, pic.cell_box(sq))
            check(n >= share * pic.cell * pic.cell,
                  f"{pic.name}: {name} on {sq} ({n} pixels, at least {share:.0%} of the cell)")
        # The marked cells whole, their grid lines included.
        marked = set()
        for sq in where:
            x0, y0, x1, y1 = pic.cell_box(sq)
            marked |= {(x, y) for y in range(y0 - 3, y1 + 2) for x in range(x0 - 3, x1 + 2)}
        inside = sum(1 for x, y in marked if match(pic.pixel(x, y)))
        total = pic.count(match)
        check(total == inside, f"{pic.name}: {name} nowhere else ({total - inside} pixels)")


def main():
    base, out = sys.argv[1].rstrip("/"), Path(sys.argv[2])
    chromium = sys.argv[3] if len(sys.argv) > 3 else "/usr/bin/chromium"
    out.mkdir(parents=True, exist_ok=True)

    # Chromium sees only the fonts of this configuration: no CJK font.
    fonts = out / "fonts.conf"
    fonts.write_text('<?xml version="1.0"?>\n<fontconfig>\n'
                     + "".join(f"<dir>{d}</dir>\n" for d in LATIN_FONT_DIRS if Path(d).is_dir())
                     + f"<cachedir>{out / 'fontcache'}</cachedir>\n</fontconfig>\n")
    browser_env = dict(os.environ, FONTCONFIG_FILE=str(fonts))

    def fetch(name, body, repeat=1, get=False):
        times = []
        for _ in range(repeat):
            begun = time.perf_counter()
            if get:
                status, kind, svg = request(f"{base}/v1/board.svg?{query(body)}")
            else:
                status, kind, svg = request(f"{base}/v1/board.svg", body)
            times.append(time.perf_counter() - begun)
        check(status == 200 and kind == "image/svg+xml", f"{name}: 200 image/svg+xml")
        (out / f"{name}.svg").write_bytes(svg)
        return svg, statistics.median(times)

    def size_of(svg):
        head = svg.decode().split("<svg ", 1)[1]
        width = int(head.split('width="', 1)[1].split('"', 1)[0])
        height = int(head.split('height="', 1)[1].split('"', 1)[0])
        return width, height

    def shoot(name, svg):
        width, height = size_of(svg)
        png = out / f"{name}.png"
        with tempfile.TemporaryDirectory() as profile:
            begun = time.perf_counter()
            subprocess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile}", "--hide-scrollbars",
                 f"--screenshot={png}", f"--window-size={width},{height}",
                 (out / f"{name}.svg").resolve().as_uri()],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
                env=browser_env)
            return png, time.perf_counter() - begun

    def render(name, svg, files, ranks, flip=False):
        width, height = size_of(svg)
        png, took = shoot(name, svg)
        pic = Picture(name, svg, png, files, ranks, flip)
        check((pic.width, pic.height) == (width, height), f"{name}: PNG is {width}x{height}")
        share = pic.count(near(BOARD)) / (pic.width * pic.height)
        colours = len({pic.pixel(x, y) for y in range(0, pic.height, 3) for x in range(0, pic.width, 3)})
        check(share > 0.2 and colours > 20,
              f"{name}: not blank ({share:.0%} board colour, {colours} colours)")
        return pic, took

    # Every variant the server lists (GET /v1/variants), in its order.
    variants = [v["id"] for v in json.loads(request(f"{base}/v1/variants")[2])]
    check(bool(variants), "the server lists its variants")
    for variant in variants:
        _, _, body = request(f"{base}/v1/variants/{variant}")
        info = json.loads(body)
        files, ranks = info["board"]["files"], info["board"]["ranks"]
        name = f"board-{variant}-start"
        svg, fetched = fetch(name, {"variant": variant}, 21 if variant == "tai" else 1)
        pic, rendered = render(name, svg, files, ranks)
        print(f"      {name}: {len(svg)} bytes, fetched in {fetched * 1000:.2f} ms "
              f"(median of {21 if variant == 'tai' else 1}), rendered in {rendered:.2f} s")
        pieces = check_pieces(pic, info["start_position"])
        check_kanji(pic, pieces)
        check_red(pic, pieces)
        check(not any(t.startswith("+") for t in pieces.values()),
              f"{name}: no promoted piece at the start")
        check_marks(pic, {"last-move start colour": (LAST_FROM, {}),
                          "last-move colour": (LAST_PATH, {}),
                          "removal ring": (REMOVED, {}), **NO_MARKS})
        check(pic.count(near(ENDING)) == 0, f"{name}: no end-of-game band")
        if variant == "tai":
            times = [shoot(name, svg)[1] for _ in range(4)] + [rendered]
            print(f"      {name}: render time median of 5: {statistics.median(times):.2f} s")

    games = [
        ("board-chu-lion-game", CHU_GAME, 12,
         {"last-move start colour": (LAST_FROM, {"7h": 0.8}),
          "last-move colour": (LAST_PATH, {"7g": 0.4, "7f": 0.05}),
          "removal ring": (REMOVED, {"7g": 0.12, "7f": 0.12})}),
        ("board-tai-game", TAI_GAME, 25,
         {"last-move start colour": (LAST_FROM, {"13l": 0.8}),
          "last-move colour": (LAST_PATH, {"13m": 0.05}),
          "removal ring": (REMOVED, {"13m": 0.12})}),
    ]
    for name, game, size, marks in games:
        svg, fetched = fetch(name, game)
        pic, rendered = render(name, svg, size, size)
        print(f"      {name}: {len(svg)} bytes, fetched in {fetched * 1000:.2f} ms, "
              f"rendered in {rendered:.2f} s")
        _, _, body = request(f"{base}/v1/replay", game)
        final = json.loads(body)["final_position"]
        pieces = check_pieces(pic, final)
        check_red(pic, pieces)
        check_marks(pic, marks)
    # The GET form: the chu game flipped, Latin labels, a width, check, a finished game.
    final = json.loads(request(f"{base}/v1/replay", CHU_GAME)[2])["final_position"]
    name = "board-chu-lion-game-flipped"
    svg, _ = fetch(name, dict(CHU_GAME, flip=True), get=True)
    pic, _ = render(name, svg, 12, 12, flip=True)
    pieces = check_pieces(pic, final)
    check_red(pic, pieces)
    check_marks(pic, {"last-move start colour": (LAST_FROM, {"7h": 0.8}),
                      "last-move colour": (LAST_PATH, {"7g": 0.4, "7f": 0.05}),
                      "removal ring": (REMOVED, {"7g": 0.12, "7f": 0.12})})
    chu = json.loads(request(f"{base}/v1/variants/chu")[2])
    name = "board-chu-start-latin"
    svg, _ = fetch(name, {"variant": "chu", "labels": "latin"}, get=True)
    check(b"<use " not in svg and b"<defs>" not in svg, f"{name}: no outlines")
    pic, _ = render(name, svg, 12, 12)
    check_kanji(pic, check_pieces(pic, chu["start_position"]), least=200)
    name = "board-chu-start-600"
    svg, _ = fetch(name, {"variant": "chu", "size": 600}, get=True)
    png, _ = shoot(name, svg)
    width, _, _ = read_png(png)
    check(width == 600, f"{name}: rendered {width} pixels wide")
    name = "board-chu-check"
    svg, _ = fetch(name, CHU_CHECK, get=True)
    pic, _ = render(name, svg, 12, 12)
    check_pieces(pic, CHU_CHECK["position"])
    check_marks(pic, {"check colour": (CHECK, {"6l": 0.15})})
    check(pic.count(near(ENDING)) == 0, f"{name}: no end-of-game band")
    check(b"Black to move, in check" in svg, f"{name}: the caption says Black is in check")
    name = "board-chu-ended"
    svg, _ = fetch(name, CHU_ENDED, get=True)
    pic, _ = render(name, svg, 12, 12)
    check_marks(pic, {"last-move start colour": (LAST_FROM, {"6l": 0.8}), **NO_MARKS})
    band = pic.count(near(ENDING))
    check(band > pic.width * 15, f"{name}: the end-of-game band is drawn ({band} pixels)")
    check(b"to move" not in svg and b"Black wins" in svg,
          f"{name}: the caption gives the result, no side to move")

    promoted = squares_of(final, 12)
    check(sorted(sq for sq, t in promoted.items() if t.startswith("+")) == ["10d", "5c"],
          "board-chu-lion-game: promoted pieces on 10d and 5c")

    if failures:
        print(f"{len(failures)} board picture check(s) failed", file=sys.stderr)
        sys.exit(1)
    print(f"board pictures: every check passed; PNGs in {out}")


if __name__ == "__main__":
    main()
