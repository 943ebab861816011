import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads with read(2), never more than asked for, so that what follows stays unread.
enum BoundedRead {
    enum Outcome {
        case text([UInt8])
        /// More than the limit.
        case tooLong
        /// A line was asked for and input ended before anything was typed.
        case ended
    }

    /// The bytes up to end of input (or, with `line`, up to a line break, which is dropped). A
    /// line that is too long is still read to its end, so that the rest of it does not reach the
    /// shell as a command once the process exits.
    static func bytes(from descriptor: Int32, limit: Int, line: Bool) throws -> Outcome {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        var overflowed = false
        var sawLineBreak = false
        while true {
            // Past the limit, only a line's end is still looked for.
            let wanted = overflowed ? chunk.count : min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "could not read the password (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            let got = chunk[..<count]
            if line, let end = got.firstIndex(of: UInt8(ascii: "\n")) {
                if !overflowed { bytes += got[..<end] }
                sawLineBreak = true
                break
            }
            if !overflowed { bytes += got }
            if bytes.count > limit {
                guard line else { return .tooLong }
                overflowed = true
            }
        }
        if overflowed || bytes.count > limit { return .tooLong }
        if line, bytes.isEmpty, !sawLineBreak { return .ended }
        return .text(bytes)
    }
}
