import Clubhouse
import Foundation
import Hummingbird

/// What a page's URL says: the screen (its navigation path, as `clubhouse open` takes it), the
/// browser tab's scene (`?s=`), and how the screen was reached when a link says so.
struct PageAddress: Sendable {
    /// The screen path without its leading slash; empty for `/`.
    var place: String
    var scene: SceneName?
    /// `home`: shown over the home page on show (a row of a home page); `over`: shown over the
    /// screen on show (a book of a question).
    var via: String?
    /// A question to ask before a destructive action (`delete`, `end`, `cancel`, `sign-out`).
    var ask: String?

    init(_ request: Request) {
        let path = request.uri.path
        var place = String(path.drop(while: { $0 == "/" }))
        if place.hasSuffix("/") { place.removeLast() }
        self.place = place.removingPercentEncoding ?? place
        let query = request.uri.queryParameters
        scene = query["s"].flatMap { try? SceneName(String($0)) }
        via = query["via"].map(String.init).flatMap { ["home", "over"].contains($0) ? $0 : nil }
        ask = query["ask"].map(String.init).flatMap { Self.questions.contains($0) ? $0 : nil }
    }

    static let questions: Set<String> = ["delete", "end", "cancel", "sign-out", "discard"]

    /// The URL of `place` in `scene`.
    static func url(_ place: String, scene: SceneName, _ extra: [(String, String)] = []) -> String {
        var url = "/" + place + "?s=" + scene.rawValue
        for (name, value) in extra {
            url += "&" + name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        return url
    }
}
