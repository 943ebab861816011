/// Why the server refuses to start: one line for `error: ...` on stderr, then a non-zero exit.
package struct ServerStartError: Error, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
