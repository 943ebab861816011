import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when the
/// value is released at the end of a test.
public final class TemporaryFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "clubhouse-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    public func path(_ name: String) -> String {
        url.appending(path: name).path(percentEncoded: false)
    }
}
