import ClubhouseText
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Frames compared with text files in Snapshots/ (one a screen and size). Run with
/// `TERMINAL_SNAPSHOTS=record` to write them again, then read the diff before committing.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")
    static let sizes = [(80, 24), (120, 40)]

    static var recording: Bool { ProcessInfo.processInfo.environment["TERMINAL_SNAPSHOTS"] == "record" }

    /// The session's frame at each size, against `name-WxH.txt`.
    static func check(_ name: String, _ session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let layout = session.layout
        defer { session.resize(layout) }
        for (width, height) in sizes {
            session.resize(Layout(width: width, height: height))
            let frame = session.frame()
            #expect(frame.lines.count == height, sourceLocation: sourceLocation)
            #expect(frame.lines.allSatisfy { DisplayWidthCheck.columns($0) <= width }, sourceLocation: sourceLocation)
            compare(normalized(frame.text), file: "\(name)-\(width)x\(height).txt", sourceLocation: sourceLocation)
        }
    }

    static func compare(_ text: String, file: String, sourceLocation: SourceLocation) {
        let url = folder.appending(path: file)
        if recording {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no snapshot \(file); record with TERMINAL_SNAPSHOTS=record", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(file) differs:\n\(text)", sourceLocation: sourceLocation)
    }

    /// Times of day and dates change from run to run; the frame around them does not.
    static func normalized(_ text: String) -> String {
        text.replacing(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?Z?)?/, with: "YYYY-MM-DD hh:mm")
            .replacing(/\d{4}-\d{2}-\d{2}/, with: "YYYY-MM-DD")
    }
}

enum DisplayWidthCheck {
    static func columns(_ line: String) -> Int { DisplayWidth.of(line) }
}
