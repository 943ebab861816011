import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The server as a script sees it: accounts and tokens through the REST API, the metrics page,
/// and plain change streams (`GET /v1/sync/stream` read as text, no LiveSync behind them). One
/// HTTP/1.1 client whose pool allows a connection per open stream.
final class ServerAPI: Sendable {
    let client: HTTPClient

    init(streams: Int = 64) {
        var configuration = HTTPClient.Configuration()
        // A stream is silent up to the keep-alive (15 s): no read timeout, the stream's own end says.
        configuration.timeout = .init(connect: .seconds(30), read: nil)
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: streams + 16)
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async { try? await client.shutdown() }

    func call(_ method: HTTPMethod, _ url: String, json: String? = nil, token: String? = nil)
        async throws -> (Int, String)
    {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await client.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return (Int(response.status.code), String(buffer: body))
    }

    /// Signs `account` up (201, or 409 when it exists) and in: a bearer token.
    func token(_ base: String, account: String, register: Bool) async throws -> String {
        let credentials = #"{"username":"\#(account)","password":"\#(password)"}"#
        if register {
            let (status, text) = try await call(.POST, base + "/v1/accounts", json: credentials)
            guard status == 201 || status == 409 else { throw BenchmarkError("sign-up \(account): \(status) \(text)") }
        }
        let (status, text) = try await call(.POST, base + "/v1/sessions", json: credentials)
        guard status == 201 || status == 200,
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let token = object["token"] as? String
        else { throw BenchmarkError("sign-in \(account): \(status) \(text)") }
        return token
    }

    /// `clubhouse_http_requests_total` summed by "METHOD route" (all statuses), and the other
    /// plain series by name.
    func metrics(_ base: String) async throws -> [String: Double] {
        let (status, text) = try await call(.GET, base + "/metrics")
        guard status == 200 else { throw BenchmarkError("metrics: \(status)") }
        var figures: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            let series = line[..<space]
            if series.hasPrefix("clubhouse_http_requests_total{") {
                func label(_ name: String) -> String {
                    guard let start = series.range(of: name + "=\"") else { return "?" }
                    return String(series[start.upperBound...].prefix { $0 != "\"" })
                }
                figures[label("method") + " " + label("route"), default: 0] += value
            } else if !series.contains("{") {
                figures[String(series)] = value
            }
        }
        return figures
    }

    /// How one plain change stream ended.
    enum StreamEnd: Sendable {
        case closedByServer
        case failed(String)
        case cancelled
    }

    /// Opens the change stream of `token` as device `device` and reads it until it ends or the
    /// task is cancelled: `opened` once the answer's head is in (with its status), `head` for each
    /// `head` event (the new head, when it arrived), `bytes` for everything read (keep-alives too).
    func stream(
        _ base: String, token: String, device: UUID, opened: @Sendable (Int) -> Void,
        head: @Sendable (Int64, Double) -> Void = { _, _ in }, bytes: @Sendable (Int) -> Void = { _ in }
    ) async -> StreamEnd {
        var request = HTTPClientRequest(url: base + "/v1/sync/stream?device=\(device.uuidString.lowercased())")
        request.headers.add(name: "Accept", value: "text/event-stream")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        do {
            let response = try await client.execute(request, timeout: .seconds(3600))
            opened(Int(response.status.code))
            guard response.status == .ok else {
                let text = (try? await response.body.collect(upTo: 64 * 1024)).map { String(buffer: $0) } ?? ""
                return .failed("\(response.status.code) \(text)")
            }
            var pending = ""
            for try await buffer in response.body {
                let at = wallClock()
                bytes(buffer.readableBytes)
                pending += String(buffer: buffer)
                // Events end with a blank line; a head's data is {"head":N}.
                while let end = pending.range(of: "\n\n") {
                    let event = pending[..<end.lowerBound]
                    if event.hasPrefix("event: head"), let start = event.range(of: "\"head\":") {
                        let digits = event[start.upperBound...].prefix { $0.isNumber }
                        if let value = Int64(digits) { head(value, at) }
                    }
                    pending.removeSubrange(..<end.upperBound)
                }
            }
            return .closedByServer
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(String(describing: error))
        }
    }
}
