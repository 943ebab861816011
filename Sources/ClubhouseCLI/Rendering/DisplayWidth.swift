/// How many terminal columns text takes: East Asian wide characters and emoji take two, combining
/// marks and joiners none, so that tables of Unicode names stay aligned.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // Most cells are ASCII; their width is their length, with no Unicode work at all.
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }

        var width = 0
        for scalar in text.unicodeScalars {
            width += columns(scalar)
        }
        return width
    }

    private static func columns(_ scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0  // combining accents, ZWJ
        default: break
        }
        if (0xFE00...0xFE0F).contains(scalar.value) { return 0 }  // variation selectors
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
