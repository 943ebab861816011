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
        // Only a browser's scene: `?s=main` would drive the CLI's own scene from a tab, and
        // scenes of other names would escape the bound on browser scenes.
        scene = query["s"].flatMap { try? SceneName(String($0)) }.flatMap { ScenePool.isWeb($0) ? $0 : nil }
        via = query["via"].map(String.init).flatMap { ["home", "over"].contains($0) ? $0 : nil }
        ask = query["ask"].map(String.init).flatMap { Self.questions.contains($0) ? $0 : nil }
    }

    static let questions: Set<String> = ["delete", "end", "cancel", "sign-out", "discard"]

    /// The URL of `place` in `scene`: always a path of this server. Each segment of the place is
    /// percent-encoded and empty ones are dropped, so a place read from a URL (`/%2F%2Fevil.com`
    /// is the place `//evil.com`) can never make `//host` or `/\host`, which a browser follows
    /// to another site, nor put a line break or a space in a `Location`.
    static func url(_ place: String, scene: SceneName, _ extra: [(String, String)] = []) -> String {
        let path = place.split(separator: "/").map { encoded(String($0)) }.joined(separator: "/")
        var url = "/" + path + "?s=" + scene.rawValue
        for (name, value) in extra { url += "&" + name + "=" + encoded(value) }
        return url
    }

    /// ASCII letters, digits and `-._~` as they are; every other byte of the UTF-8 as `%XX`.
    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
