import NIOConcurrencyHelpers

/// How many change streams are open, bounded: each watches the file on a connection and a thread
/// of its own, so thousands of them (a script holding streams open) would take the server's
/// descriptors and memory. Past the bound a page is told to do without live updates (503); it
/// still works, and its script asks again later.
final class StreamPlaces: Sendable {
    static let limit = 128

    private let open = NIOLockedValueBox(0)

    /// A place, or nil when every one is taken. It is given back when the place goes (the
    /// stream's answer ended or was never sent), whatever the road.
    func take() -> Place? {
        let taken = open.withLockedValue { count in
            guard count < Self.limit else { return false }
            count += 1
            return true
        }
        return taken ? Place(self) : nil
    }

    final class Place: Sendable {
        private let places: StreamPlaces
        init(_ places: StreamPlaces) { self.places = places }
        deinit { places.open.withLockedValue { $0 -= 1 } }
    }

    var count: Int { open.withLockedValue { $0 } }
}
