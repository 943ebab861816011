import Clubhouse
import ClubhouseText

/// A form: each field with what its draft holds (an edit form shows the record's value until it
/// is typed over), the focused one underlined with a block for the cursor and its hint below.
enum FormDrawing {
    static func form(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        guard case .form(let model)? = display.content else { return }
        let top = Layout.bodyTop
        frame.put(" " + model.title, row: top, column: 0, style: .heading)
        var row = top + 2
        for (index, field) in model.fields.enumerated() where row <= layout.bodyBottom - 1 {
            let focused = index == display.focus
            frame.put(focused ? " ▶" : "  ", row: row, column: 0, style: .marker)
            frame.put(field.label + (field.isRequired ? " *" : ""), row: row, column: 3, style: .bold, limit: 20)
            let text = value(of: field, in: model.draft)
            let room = frame.width - 26
            let shown = tail(TextEscaping.escaped(text), room: room - 1)
            let used = frame.put(shown, row: row, column: 24, style: focused ? .input : .plain, escaped: true)
            if focused {
                frame.put("█", row: row, column: 24 + used, style: .plain)
                if field.choices.isEmpty {
                    frame.put(field.hint, row: row + 1, column: 24, style: .dim)
                } else {
                    choices(&frame, field, chosen: text.lowercased(), row: row + 1)
                }
                row += 1
            }
            row += 1
        }
        frame.put(
            " Enter on the last field or Ctrl-S saves. Each key is kept as it is typed.", row: row + 1,
            column: 0, style: .dim)
    }

    /// A field's fixed values in a row, the one it holds marked, for ← → to pick from.
    private static func choices(_ frame: inout Frame, _ field: FormField, chosen: String, row: Int) {
        var column = 23
        for choice in (field.isRequired ? [] : [""]) + field.choices {
            let shown = choice.isEmpty ? "none" : choice
            column += frame.put(" \(shown) ", row: row, column: column, style: choice == chosen ? .selectedTab : .dim)
        }
        frame.put(" ← → pick, or type", row: row, column: column, style: .dim)
    }

    /// What the field shows: its draft, else the record's value (edit forms), else nothing.
    static func value(of field: FormField, in draft: FormDraft) -> String {
        draft[field.name] ?? field.current ?? ""
    }

    /// The end of `text` that fits in `room` columns: the cursor is at the end, so that is what shows.
    static func tail(_ text: String, room: Int) -> String {
        guard DisplayWidth.of(text) > room, room > 1 else { return text }
        var kept = ""
        var width = 1  // the ellipsis
        for character in text.reversed() {
            let columns = DisplayWidth.of(character)
            if width + columns > room { break }
            kept.insert(character, at: kept.startIndex)
            width += columns
        }
        return "…" + kept
    }
}
