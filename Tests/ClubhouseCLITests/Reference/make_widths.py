#!/usr/bin/env python3
"""Writes widths.txt, the reference that DisplayWidthTests hold DisplayWidth against: a few
hundred texts with the width that Python's wcwidth (0.7.0, grapheme-aware `wcswidth`) gives them.

Usage: python3 Tests/ClubhouseCLITests/Reference/make_widths.py > Tests/ClubhouseCLITests/Reference/widths.txt
       python3 Tests/ClubhouseCLITests/Reference/make_widths.py --wide-table
The second form prints the East Asian Wide/Fullwidth ranges that DisplayWidth's table
(Sources/Text/EastAsianWide.swift) holds. That table comes from Python's
unicodedata (the Unicode Character Database), not from wcwidth, so the test compares two sources.

Each line of widths.txt is: code points in hex, a tab, wcwidth's width, a tab, a category. Lines
starting `!` are the cases where this project and wcwidth disagree on purpose: they carry the width
DisplayWidth must give instead, and why (EXCLUDED below). Samples are drawn with a fixed seed, and
only from code points that Python's unicodedata (Unicode 14) knows: DisplayWidth's wide table is
Unicode 14 too, while wcwidth's is 17.
"""
import random
import sys
import unicodedata

import wcwidth

assert wcwidth.__version__ == "0.7.0", "the fixture was made with wcwidth 0.7.0"

rng = random.Random(9)
cases = []  # (text, category)


def add(category, *texts):
    for text in texts:
        cases.append((text, category))


def assigned(cp):
    return unicodedata.category(chr(cp)) != "Cn"


def sample(lo, hi, count, keep=lambda cp: True):
    pool = [cp for cp in range(lo, hi + 1) if assigned(cp) and keep(cp)]
    return [chr(cp) for cp in sorted(rng.sample(pool, min(count, len(pool))))]


def category(cp):
    return unicodedata.category(chr(cp))


# Plain text.
add("ascii", "a", "Zoe O'Brien", "~!@#$%^&*()_+{}|:<>?", "x" * 100)
add("latin", "Zoë", "Ünal", "Łódź", "Ærøskøbing", "Straße", "ﬁ", "Ǆ")
add("latin", *sample(0xA0, 0x24F, 20, lambda cp: category(cp)[0] in "LNSP"))
add("greek-cyrillic", "Αθήνα", "Москва", *sample(0x370, 0x52F, 12, lambda cp: category(cp)[0] in "LNSP"))
add("ambiguous", "±×÷", "αβγ", "—…", "①②", "■□", "°C")  # East Asian Ambiguous: narrow

# Combining marks: zero on their base, however many.
add("combining", "e\u0301", "Zoe\u0308", "a\u0300\u0301\u0302\u0303", "\u0301", "李\u0301")
add("combining", "Z" + "\u0336" * 500, "x" + "".join(chr(cp) for cp in range(0x300, 0x370)))
add("combining", *("o" + c for c in sample(0x300, 0x36F, 8)))
add("combining", *("a" + c for c in sample(0x1AB0, 0x1AFF, 4) + sample(0x1DC0, 0x1DFF, 4) + sample(0x20D0, 0x20F0, 4)))
add("combining", "1\u20E3", "a\u20DD", "\u05D0\u05B8", "\u0627\u064E\u0644")

# Zero-width and invisible format characters, alone and inside text.
for cp in [0x200B, 0x200C, 0x2060, 0xFEFF, 0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D,
           0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2061, 0x2062, 0x2063, 0x2064, 0x180E, 0x034F,
           0xE0001, 0xE0041, 0x1D173, 0xFFF9, 0x1BCA0, 0x3164, 0xFFA0, 0x1160, 0xFE00, 0xFE0E, 0xE0100]:
    add("zero-width", chr(cp), "ab" + chr(cp) + "cd")
add("zero-width", "\u202Eevil\u202C", "admin\u200B", "\u00AD", "a\u00ADb")
add("visible-format", "\u0600\u0661", "\u06DD", "\u070F", "\u08E2", "\U000110BD")  # prepended marks are drawn

# Wide: CJK ideographs, kana, Hangul syllables, fullwidth forms, CJK punctuation.
add("cjk", "李小龍", "東京", "中文 text", "ｆｕｌｌ", "　")
add("cjk", *sample(0x4E00, 0x9FFF, 30), *sample(0x3400, 0x4DBF, 10), *sample(0x20000, 0x2A6DF, 10))
add("cjk", *sample(0x2A700, 0x3134A, 6), *sample(0xF900, 0xFAFF, 6), *sample(0x2E80, 0x2FDF, 8))
add("cjk", *sample(0x3000, 0x303F, 16), *sample(0x3040, 0x30FF, 16), *sample(0x3100, 0x31FF, 8))
add("cjk", *sample(0x3200, 0x33FF, 10), *sample(0xFE30, 0xFE6F, 6), *sample(0xFF00, 0xFFEF, 20))
add("cjk", *sample(0xA000, 0xA4CF, 6), *sample(0x16FE0, 0x18AFF, 6), *sample(0x1B000, 0x1B2FF, 6))
add("cjk", "\u4DC0\u2630\u268A", "\U0001D360\U0001D300")  # made wide by Unicode 16
add("hangul", "한국어", *sample(0xAC00, 0xD7A3, 20))

# Hangul jamo: a leading consonant is wide; vowels and finals join it.
add("jamo", "\u1100", "\u1100\u1161", "\u1100\u1161\u11A8", "\uAC00\u11A8", "\u1161", "\u11A8",
    "\u115F\u1161", "\uA960\u1161", "\u1100\uD7B0", "\uD7CB", "\u1100\u1100\u1161")
add("jamo", *(chr(l) + chr(v) + chr(t) for l, v, t in zip(
    range(0x1100, 0x1113, 3), range(0x1161, 0x1176, 3), range(0x11A8, 0x11C3, 4))))

# Emoji: presentation, text-default with VS16 or VS15, skin tones, ZWJ sequences, flags, keycaps.
add("emoji", "🦁", "🦁 Leo", "⚽", "⌚", "🥇🥈🥉")
add("emoji", *sample(0x1F300, 0x1F64F, 24, lambda cp: category(cp) == "So"))
add("emoji", *sample(0x1F680, 0x1F6FF, 10, lambda cp: category(cp) == "So"))
add("emoji", *sample(0x1F900, 0x1FAFF, 16, lambda cp: category(cp) == "So"))
add("emoji-vs16", "❤\uFE0F", "☺\uFE0F", "✌\uFE0F", "©\uFE0F", "™\uFE0F", "↔\uFE0F", "☝\uFE0F",
    "\u2764\uFE0F text", "#\uFE0F", "\U0001F170\uFE0F")
add("emoji-vs15", "❤", "☺\uFE0E", "⌚\uFE0E", "🦁\uFE0E", "⚽\uFE0E")
add("emoji-skin", *("👍" + chr(m) for m in range(0x1F3FB, 0x1F400)))
add("emoji-skin", "👋🏽", "✋🏿", "🧑🏻", "☝🏾", "🏃🏼", "✌🏻", "a🏽", "🏽")
add("emoji-zwj", "👨\u200D👩\u200D👧", "👨\u200D👩\u200D👧\u200D👦", "👩\u200D❤\uFE0F\u200D👨",
    "🏳\uFE0F\u200D🌈", "🏳\uFE0F\u200D⚧\uFE0F", "👨\u200D⚕\uFE0F", "🧑\u200D💻", "👩🏽\u200D🚀",
    "🧑🏻\u200D🤝\u200D🧑🏿", "❤\uFE0F\u200D🔥", "🐕\u200D🦺", "🐻\u200D❄\uFE0F", "😶\u200D🌫\uFE0F",
    "👁\uFE0F\u200D🗨\uFE0F", "🏃\u200D♀\uFE0F", "family: 👨\u200D👩\u200D👧 ok")
add("flags", "🇦🇷", "🇧🇷🇩🇪", "🇺🇳", "🇦", "🇦🇷🇧", "Boca 🇦🇷")
ri = [chr(0x1F1E6 + i) for i in range(26)]
add("flags", *(rng.choice(ri) + rng.choice(ri) for _ in range(10)))
add("flags", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
    "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "🏴")
add("keycaps", *(c + "\uFE0F\u20E3" for c in "0123456789#*"))

# Scripts with spacing marks and conjuncts, where terminals differ most.
add("indic", "नमस्ते", "कि", "क्ष", "தமிழ்", "கொ", "ಕನ್ನಡ", "ගෙ")
add("thai-arabic-hebrew", "ภาษาไทย", "กำ", "العربية", "עברית", "فارسی", "می\u200Cخواهم")

# Symbols, private use, unassigned are narrow.
add("symbols", *sample(0x2190, 0x2BFF, 20, lambda cp: category(cp) in ("So", "Sm")))
add("other", "\uE000", "\U000F0000", "\uFFFD", "\u2800", "\u00A0", "\u2003")

# Anything else, one code point at a time (controls are escaped before they are measured).
visible = lambda cp: category(cp) not in ("Cc", "Cs")
add("any-bmp", *sample(0xA0, 0xFFFF, 150, visible))
add("any-astral", *sample(0x10000, 0x10FFFF, 60, visible))
add("zero-width", "ab\u200Dcd", "\u302F", "a\u302F")

# Where this project and wcwidth disagree on purpose: the width DisplayWidth gives, and why.
EXCLUDED = {
    "ab\u200Dcd": (4, "ZWJ outside an emoji sequence joins nothing: terminals draw the next letter, "
                      "wcwidth skips it (its ZWJ rule is for emoji)"),
}


# Unicode 16 made these wide (Yijing symbols, counting rods); Python 3.11's Unicode 14 predates it.
WIDE_SINCE_14 = [(0x2630, 0x2637), (0x268A, 0x268F), (0x4DC0, 0x4DFF), (0x1D300, 0x1D356), (0x1D360, 0x1D376)]


def deliberate(text):
    """Our width and why, where it differs from wcwidth's on purpose; None elsewhere."""
    if text in EXCLUDED:
        return EXCLUDED[text]
    if unicodedata.category(text[0]) == "Mc":
        return (wcwidth.wcswidth(text) + 1,
                "a spacing mark takes a column, with a base or without; wcwidth counts none without "
                "one, so a name that starts with it would join the column gap and push the row")
    return None


def wide_table():
    """East Asian Wide and Fullwidth ranges, merged over unassigned code points."""
    def wide(cp):
        return (unicodedata.east_asian_width(chr(cp)) in ("W", "F")
                or any(lo <= cp <= hi for lo, hi in WIDE_SINCE_14))

    ranges = []
    for cp in range(0x30000):
        if not assigned(cp) and not any(lo <= cp <= hi for lo, hi in WIDE_SINCE_14):
            continue
        if ranges and ranges[-1][2] == wide(cp):
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, wide(cp)])
    table = [(lo, hi) for lo, hi, is_wide in ranges if is_wide]
    # EastAsianWidth.txt: planes 2 and 3, unassigned code points included, default to W.
    return [(lo, hi) for lo, hi in table if lo < 0x20000] + [(0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]


def fixture():
    print("# Made by make_widths.py from wcwidth " + wcwidth.__version__ + " (wcswidth); do not edit.")
    print("# code points<TAB>wcwidth<TAB>category; '!' lines: code points<TAB>wcwidth<TAB>ours<TAB>why")
    seen = set()
    for text, cat in cases:
        if text in seen:
            continue
        seen.add(text)
        hexes = " ".join("%X" % ord(c) for c in text)
        expected = wcwidth.wcswidth(text)
        assert expected >= 0, repr(text)
        if deliberate(text):
            ours, why = deliberate(text)
            print("!%s\t%d\t%d\t%s" % (hexes, expected, ours, why))
        else:
            print("%s\t%d\t%s" % (hexes, expected, cat))


if "--wide-table" in sys.argv:
    for lo, hi in wide_table():
        print("0x%X...0x%X," % (lo, hi))
else:
    fixture()
