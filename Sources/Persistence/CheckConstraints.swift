import GRDB

/// The CHECK constraints of a table, read from its `CREATE TABLE` statement as `sqlite_master`
/// keeps it, and the rows that break them. SQLite's `integrity_check` finds those rows but names
/// only the table; `clubhouse check` names the row and column of each.
struct CheckConstraint: Equatable {
    let table: String
    /// The column a column constraint belongs to, or the columns a table constraint reads
    /// (in the table's order).
    let columns: [String]
    /// The expression as the schema spells it, comments left out and each run of space one space.
    let expression: String

    /// Every CHECK constraint of every ordinary table in the database (not virtual or internal
    /// tables).
    static func all(_ db: Database) throws -> [CheckConstraint] {
        let tables = try Row.fetchAll(
            db,
            sql: """
                SELECT name, sql FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL
                ORDER BY rowid
                """)
        return tables.flatMap { row -> [CheckConstraint] in
            guard let name = RowDecoding.text(row.stored(0)), let sql = RowDecoding.text(row.stored(1)) else {
                return []
            }
            return parse(table: name, sql: sql)
        }
    }

    /// The constraints of one `CREATE TABLE` statement (none for anything else).
    static func parse(table: String, sql: String) -> [CheckConstraint] {
        let tokens = SQLToken.tokens(sql)
        guard tokens.count > 2, tokens[0].isKeyword("CREATE"),
            let open = tokens.firstIndex(where: { $0.text == "(" }),
            tokens[..<open].contains(where: { $0.isKeyword("TABLE") }),
            !tokens[..<open].contains(where: { $0.isKeyword("VIRTUAL") })
        else { return [] }
        // The definitions between the outer parentheses, split at top-level commas.
        var definitions: [[SQLToken]] = [[]]
        var depth = 0
        for token in tokens[(open + 1)...] {
            if token.text == "(" { depth += 1 }
            if token.text == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            if token.text == ",", depth == 0 {
                definitions.append([])
            } else {
                definitions[definitions.count - 1].append(token)
            }
        }
        let isTableConstraint = { (definition: [SQLToken]) in
            guard let first = definition.first else { return true }
            return ["CONSTRAINT", "CHECK", "PRIMARY", "UNIQUE", "FOREIGN"].contains { first.isKeyword($0) }
        }
        let columnNames = definitions.filter { !isTableConstraint($0) }.map { $0[0].identifier }
        var constraints: [CheckConstraint] = []
        for definition in definitions {
            let tableLevel = isTableConstraint(definition)
            for expression in checks(in: definition) {
                let columns =
                    tableLevel
                    ? columnNames.filter { name in
                        expression.tokens.contains {
                            $0.isIdentifier && $0.identifier.lowercased() == name.lowercased()
                        }
                    }
                    : [definition[0].identifier]
                constraints.append(CheckConstraint(table: table, columns: columns, expression: expression.text))
            }
        }
        return constraints
    }

    /// The expressions of the `CHECK (…)` clauses in one definition.
    private static func checks(in definition: [SQLToken]) -> [(tokens: [SQLToken], text: String)] {
        var found: [(tokens: [SQLToken], text: String)] = []
        var index = 0
        while index < definition.count {
            defer { index += 1 }
            guard definition[index].isKeyword("CHECK"), index + 1 < definition.count,
                definition[index + 1].text == "("
            else { continue }
            var depth = 0
            var end = index + 1
            for position in (index + 1)..<definition.count {
                if definition[position].text == "(" { depth += 1 }
                if definition[position].text == ")" { depth -= 1 }
                if depth == 0 {
                    end = position
                    break
                }
            }
            let inner = Array(definition[(index + 2)..<max(end, index + 2)])
            found.append((inner, SQLToken.text(inner)))
            index = end
        }
        return found
    }

    /// What `run` found for one table: per constraint, the row ids that break it.
    struct Broken {
        let constraint: CheckConstraint
        var rowids: [String] = []
        var count = 0
    }

    /// The rows of each table that break its constraints, in one pass over each table. A
    /// constraint holds when its expression is true or NULL, as SQLite has it.
    static func broken(_ db: Database, shown: Int) throws -> [Broken] {
        let constraints = try all(db)
        var results: [Broken] = []
        for table in constraints.map(\.table).uniqued() {
            let mine = constraints.filter { $0.table == table }
            let tests = mine.map { "(NOT (\($0.expression))) IS 1" }
            var found = mine.map { Broken(constraint: $0) }
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "SELECT rowid, \(tests.joined(separator: ", ")) FROM \(quoted(table)) WHERE \(tests.joined(separator: " OR "))"
            )
            while let row = try rows.next() {
                for index in mine.indices where (row.stored(index + 1)) == 1.databaseValue {
                    found[index].count += 1
                    if found[index].rowids.count < shown {
                        found[index].rowids.append(RowDecoding.text(row.stored(0)) ?? "?")
                    }
                }
            }
            results += found.filter { $0.count > 0 }
        }
        return results
    }

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacing("\"", with: "\"\"") + "\""
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

/// A token of SQL as SQLite reads it, enough to find the parts of a `CREATE TABLE`: words,
/// quoted identifiers, string literals, parentheses, commas and other characters one by one;
/// comments and spaces are left out.
struct SQLToken: Equatable {
    let text: String
    /// Where it is in the statement (UTF-8 offsets), to quote an expression as written.
    let range: Range<Int>
    let kind: Kind

    enum Kind {
        case word, quotedIdentifier, string, symbol
    }

    var isIdentifier: Bool { kind == .word || kind == .quotedIdentifier }

    /// The name it spells: a quoted identifier without its quotes.
    var identifier: String {
        guard kind == .quotedIdentifier, let first = text.first else { return text }
        let close: Character = first == "[" ? "]" : first
        return String(text.dropFirst().dropLast()).replacing(String([close, close]), with: String(close))
    }

    func isKeyword(_ keyword: String) -> Bool {
        kind == .word && text.uppercased() == keyword
    }

    static func tokens(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0
        func isWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        /// The end of a run closed by `close`, where two in a row stand for one.
        func quoted(from start: Int, close: UInt8, doubling: Bool) -> Int {
            var end = start + 1
            while end < bytes.count {
                if bytes[end] == close {
                    if doubling, end + 1 < bytes.count, bytes[end + 1] == close {
                        end += 2
                        continue
                    }
                    return end + 1
                }
                end += 1
            }
            return bytes.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            let kind: Kind
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                index += 1
                continue
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                continue
            case UInt8(ascii: "'"):
                index = quoted(from: index, close: byte, doubling: true)
                kind = .string
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                index = quoted(from: index, close: byte, doubling: true)
                kind = .quotedIdentifier
            case UInt8(ascii: "["):
                index = quoted(from: index, close: UInt8(ascii: "]"), doubling: false)
                kind = .quotedIdentifier
            case _ where isWord(byte):
                while index < bytes.count, isWord(bytes[index]) { index += 1 }
                kind = .word
            default:
                index += 1
                kind = .symbol
            }
            tokens.append(
                SQLToken(text: String(decoding: bytes[start..<index], as: UTF8.self), range: start..<index, kind: kind))
        }
        return tokens
    }

    /// Tokens as written, one space wherever the statement had space or a comment between them.
    static func text(_ tokens: [SQLToken]) -> String {
        var text = ""
        var previous: SQLToken?
        for token in tokens {
            if let previous, previous.range.upperBound < token.range.lowerBound { text += " " }
            text += token.text
            previous = token
        }
        return text
    }
}
