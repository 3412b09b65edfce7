#!/usr/bin/env python3
# Writes src/engine/picture/glyphs/glyphs.txt: the outlines of every kanji (Japanese
# character) that a piece label of a built-in variant shows, taken from the Japanese face
# of Noto Serif CJK (SIL Open Font License 1.1; the licence text is OFL.txt beside the
# data), so that board pictures draw their labels without any font installed.
#
#   python3 scripts/glyphs.py [FONT.ttc]
#
# Needs fontTools (Debian: python3-fonttools) and the font (Debian: fonts-noto-cjk; the
# default path is where that package puts it). Run it again when a `.pieces` file gains a
# character: the picture tests fail on a label character without an outline.
#
# The characters are read from the kanji column (the third) of every
# src/engine/variant/data/*.pieces file, every character from U+2E80 up; U+29E44 is taken
# as its common form 羯, as the labels draw it (src/engine/picture/label.rs). Each line of
# the output is a character, a space and its outline as SVG path data, in font units (1000
# to the em), relative commands with whole numbers, the origin at the middle of the
# glyph's advance on the baseline and y pointing down (SVG's way), so that a label places
# a glyph with `translate(x, baseline) scale(size / 1000)`.

import sys
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src/engine/variant/data"
OUT = ROOT / "src/engine/picture/glyphs/glyphs.txt"
FONT = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"
FAMILY = "Noto Serif CJK JP"
# Characters the labels draw in another form.
DRAWN_AS = {"\U00029E44": "羯"}


def label_characters():
    chars = set()
    for path in sorted(DATA.glob("*.pieces")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or "|" not in line:
                continue
            for c in line.split("|")[2]:
                if ord(c) >= 0x2E80:
                    chars.add(DRAWN_AS.get(c, c))
    return sorted(chars)


class RelativePen(BasePen):
    """SVG path data with relative commands and whole font units, y flipped."""

    def __init__(self, glyph_set, shift):
        super().__init__(glyph_set)
        self.shift = shift
        self.parts = []
        self.last = None
        self.at = (0, 0)
        self.start = (0, 0)

    def point(self, p):
        return round(p[0] - self.shift), -round(p[1])

    def rel(self, points):
        out = []
        x, y = self.at
        for p in points:
            px, py = self.point(p)
            out += [px - x, py - y]
        self.at = self.point(points[-1])
        return out

    def emit(self, command, numbers):
        if command == "l" and numbers[0] == 0:
            command, numbers = "v", numbers[1:]
        elif command == "l" and numbers[1] == 0:
            command, numbers = "h", numbers[:1]
        # A command that repeats the previous one leaves out its letter (SVG reads the
        # numbers on as the same command); a minus sign separates numbers by itself.
        text = "" if command == self.last and command != "m" else command
        for i, n in enumerate(numbers):
            if (i > 0 or not text) and n >= 0:
                text += " "
            text += str(n)
        self.parts.append(text)
        self.last = command

    def _moveTo(self, p):
        self.emit("m", self.rel([p]))
        self.start = self.at

    def _lineTo(self, p):
        self.emit("l", self.rel([p]))

    def _curveToOne(self, p1, p2, p3):
        # Each control point relative to the segment's start, as SVG reads `c`.
        x, y = self.at
        numbers = []
        for p in (p1, p2, p3):
            px, py = self.point(p)
            numbers += [px - x, py - y]
        self.at = self.point(p3)
        self.emit("c", numbers)

    def _qCurveToOne(self, p1, p2):
        x, y = self.at
        numbers = []
        for p in (p1, p2):
            px, py = self.point(p)
            numbers += [px - x, py - y]
        self.at = self.point(p2)
        self.emit("q", numbers)

    def _closePath(self):
        self.parts.append("z")
        self.last = "z"
        self.at = self.start

    def data(self):
        return "".join(self.parts)


def main():
    font_path = sys.argv[1] if len(sys.argv) > 1 else FONT
    font = next(f for f in TTCollection(font_path).fonts if f["name"].getDebugName(1) == FAMILY)
    version = font["name"].getDebugName(5).split(";")[0]
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    lines = [
        f"# {FAMILY}, {version}, regular weight: outlines of the label characters of the",
        "# board pictures (SIL Open Font License 1.1, see OFL.txt). Written by",
        "# scripts/glyphs.py; do not edit by hand.",
    ]
    missing = []
    for c in label_characters():
        name = cmap.get(ord(c))
        if name is None:
            missing.append(c)
            continue
        glyph = glyphs[name]
        pen = RelativePen(glyphs, glyph.width / 2)
        glyph.draw(pen)
        lines.append(f"{c} {pen.data()}")
    if missing:
        sys.exit(f"the font lacks {''.join(missing)}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(lines) - 3} glyphs, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
